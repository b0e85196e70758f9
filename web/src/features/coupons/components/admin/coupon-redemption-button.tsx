import { CircleCheck, Undo2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import type { AdminCoupon } from "../../api/admin-schemas";
import { useUpdateCouponRedemption } from "../../api/update-coupon-redemption";
import type { CouponDisplayStatus } from "../../lib/coupon-status";

type CouponRedemptionButtonProps = {
  coupon: AdminCoupon;
  status: CouponDisplayStatus["label"];
};

/**
 * The row's redemption action (docs/product.md#states-and-transitions): 'Cancel Redemption' for a
 * redeemed coupon, else 'Mark Redeemed', disabled once the coupon has
 * expired or was refunded. Each row has its own request, so clerks can work down the list.
 */
export function CouponRedemptionButton({ coupon, status }: CouponRedemptionButtonProps) {
  const update = useUpdateCouponRedemption();
  const redeemed = status === "Redeemed";
  const expired = status === "Expired";
  const refunded = status === "Refunded" || status === "Refund pending";

  const run = async () => {
    try {
      const { coupon: after } = await update.mutateAsync({
        id: coupon.id,
        action: redeemed ? "cancel-redemption" : "redeem",
      });
      if (redeemed) {
        notify.success(
          "Redemption Canceled",
          after.status === "expired" ? `${coupon.code} is no longer redeemed; it has expired.` : `${coupon.code} is valid again.`,
        );
      } else {
        notify.success("Coupon Redeemed", `${coupon.code} is marked as redeemed.`);
      }
    } catch (error) {
      notify.error(`Failed to update coupon: ${errorMessage(error, "Unknown Error")}`);
    }
  };

  if (redeemed) {
    return (
      <Button variant="outline" size="sm" disabled={update.isPending} aria-busy={update.isPending} onClick={() => void run()}>
        <Undo2 aria-hidden="true" className="sm:hidden" />
        {update.isPending ? "Updating..." : "Cancel Redemption"}
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      className="border-green-600/40 text-green-800 hover:bg-green-50"
      disabled={expired || refunded || update.isPending}
      aria-busy={update.isPending}
      title={expired ? "This coupon has expired." : refunded ? "This coupon was refunded." : undefined}
      onClick={() => void run()}
    >
      <CircleCheck aria-hidden="true" className="sm:hidden" />
      {update.isPending ? "Updating..." : "Mark Redeemed"}
    </Button>
  );
}
