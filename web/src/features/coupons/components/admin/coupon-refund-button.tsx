import { Undo } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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
 * 'Refund' for a card-paid coupon that is still valid (docs/api.md
 * "Refunds"), behind a confirmation that states the amount going back. A
 * coupon no card paid for (the demo's) has none; a redeemed, expired or
 * refunded one shows none.
 */
export function CouponRefundButton({ coupon, status }: CouponRefundButtonProps) {
  const [open, setOpen] = useState(false);
  const refund = useRefundCoupon();
  const { dialog, confirm } = useConfirmMutation({
    mutation: refund,
    onClose: () => setOpen(false),
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
        onConfirm={() => void confirm(coupon.id)}
      >
        {amount} goes back to the card that paid for coupon <span className="font-mono font-semibold">{coupon.code}</span>. The
        coupon ({formatMoney(coupon.value)} store credit) will no longer be valid, its seat goes back on sale and the buyer
        is e-mailed. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
