package testutil

import (
	"context"
	"errors"
	"testing"

	"watchwin/internal/config"
	"watchwin/internal/db"
	"watchwin/internal/payment"
	"watchwin/internal/payment/authorizenet"
	"watchwin/internal/testutil/anetserver"
)

// Gateway is a card gateway the money-path proofs run against: the
// built-in test provider (intent-then-confirm, as Stripe) or Authorize.Net
// (token-then-charge) at a loopback stand-in (anetserver).
type Gateway struct {
	Name    string             // "test" or "authorizenet"
	Standin *anetserver.Server // the stand-in, for authorizenet
	apiURL  string
}

// Apply is an option of NewServerWithDB: the server takes payments through g.
func (g Gateway) Apply(c *config.Config) {
	if g.Name != authorizenet.Name {
		return
	}
	c.PaymentProvider = authorizenet.Name
	c.AuthorizeNetAPILoginID, c.AuthorizeNetTransactionKey = anetserver.APILoginID, anetserver.TransactionKey
	c.AuthorizeNetClientKey, c.AuthorizeNetSignatureKey = anetserver.ClientKey, anetserver.SignatureKey
	c.AuthorizeNetSandbox, c.AuthorizeNetAPIURL = true, g.apiURL
}

// ForEachGateway runs fn once per gateway and, within each, once per
// database engine (ForEachEngine), each gateway with a fresh stand-in.
func ForEachGateway(t *testing.T, fn func(t *testing.T, d *db.DB, g Gateway)) {
	for _, name := range []string{"test", authorizenet.Name} {
		t.Run(name, func(t *testing.T) {
			ForEachEngine(t, func(t *testing.T, d *db.DB) {
				g := Gateway{Name: name}
				if name == authorizenet.Name {
					g.Standin, g.apiURL = anetserver.Start(t)
				}
				fn(t, d, g)
			})
		})
	}
}

// payAuthorizeNet pays st as the Authorize.Net card step does: Accept.js
// makes a token of the test card at the stand-in, and the server charges
// it. A decline is an error, as the test card form's is.
func (s *Server) payAuthorizeNet(g *authorizenet.Gateway, st payment.Started, card string) error {
	standin := anetserver.At(s.App.Config.AuthorizeNetAPIURL)
	if standin == nil {
		s.t.Fatal("no Authorize.Net stand-in at " + s.App.Config.AuthorizeNetAPIURL)
	}
	tok := standin.Token(card)
	in, err := g.Charge(context.Background(), st.ID, payment.CardToken{Descriptor: tok.DataDescriptor, Value: tok.DataValue})
	if err != nil {
		return err
	}
	if in.Status == payment.StatusRequiresPaymentMethod {
		return errors.New(in.LastError)
	}
	return nil
}

// AuthorizeNetGateway is Authorize.Net at a fresh stand-in, for the tests of
// its own paths.
func AuthorizeNetGateway(t testing.TB) Gateway {
	standin, url := anetserver.Start(t)
	return Gateway{Name: authorizenet.Name, Standin: standin, apiURL: url}
}
