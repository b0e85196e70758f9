import { Undo } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formatMoney } from "@/lib/money";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useConfirmMutation } from "@/lib/use-confirm-mutation";
import type { AdminCoupon } from "../../api/admin-schemas";
import { useRefundCoupon } from "../../api/refund-coupon";
import type { CouponDisplayStatus } from "../../lib/coupon-status";

type CouponRefundButtonProps = {
  coupon: AdminCoupon;
  status: CouponDisplayStatus["label"];
};

/**
 * 'Refund' for a card-paid coupon that is still valid (docs/api.md#refunds),
 * behind a confirmation that states the amount going back. A coupon no card
 * paid for (the demo's) has none; a redeemed, expired or refunded one shows
 * none. A coupon that was ever redeemed (the redemption cancelled) asks for the
 * reason, which the server requires and records.
 */
export function CouponRefundButton({ coupon, status }: CouponRefundButtonProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const refund = useRefundCoupon();
  const { dialog, confirm } = useConfirmMutation({
    mutation: refund,
    onClose: () => {
      setOpen(false);
      setReason("");
    },
    onSuccess: (res) => notify.success("Coupon Refunded", `${formatMoney(res.refunded)} refunded for ${coupon.code}.`),
    onFailure: (error) => errorMessage(error, "The refund failed. Please try again."),
  });
  if (!coupon.paid_by_card || (status !== "Valid" && status !== "Refund pending")) return null;
  const amount = formatMoney(coupon.original_payment_amount);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={status === "Refund pending"}
        title={status === "Refund pending" ? "A refund of this coupon is under way." : undefined}
        onClick={() => setOpen(true)}
      >
        <Undo aria-hidden="true" className="sm:hidden" />
        Refund{" "}
        <span className="sr-only">{coupon.code}</span>
      </Button>
      <ConfirmDialog
        open={open}
        {...dialog}
        title={`Refund ${amount}?`}
        confirmLabel={`Refund ${amount}`}
        pendingLabel="Refunding..."
        destructive
        onConfirm={() => void confirm({ id: coupon.id, reason: reason.trim() })}
        fields={
          coupon.ever_redeemed && (
            <div className="grid gap-2">
              <Label htmlFor={`refund-reason-${coupon.id}`}>Reason for the refund (required)</Label>
              <Textarea
                id={`refund-reason-${coupon.id}`}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={500}
                rows={3}
                required
                aria-describedby={`refund-reason-hint-${coupon.id}`}
              />
              <p id={`refund-reason-hint-${coupon.id}`} className="text-sm text-muted-foreground">
                This coupon was redeemed before and the redemption was cancelled. The reason goes in the audit log and the
                reports.
              </p>
            </div>
          )
        }
      >
        {amount} goes back to the card that paid for coupon <span className="font-mono font-semibold">{coupon.code}</span>. The
        coupon ({formatMoney(coupon.value)} store credit) will no longer be valid, its seat goes back on sale and the buyer
        is e-mailed. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
