package authorizenet

import (
	"context"
	"fmt"

	"watchwin/internal/db"
	"watchwin/internal/payment"
)

// Cancel implements payment.Provider: an intent never charged takes no
// token from now on. One charged (or being charged) cannot be canceled.
func (g *Gateway) Cancel(ctx context.Context, id string) error {
	if _, err := g.db.Q(ctx).ExecContext(ctx, `UPDATE gateway_charges SET canceled = TRUE
		WHERE intent_id = $1 AND trans_id IS NULL AND charge_started_at IS NULL`, id); err != nil {
		return db.MapError(err)
	}
	in, err := g.Retrieve(ctx, id)
	if err != nil {
		return err
	}
	if in.Status != payment.StatusCanceled {
		return fmt.Errorf("payment: authorizenet cancel: intent %s is %s", id, in.Status)
	}
	return nil
}
