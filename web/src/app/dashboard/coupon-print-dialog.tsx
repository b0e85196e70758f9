import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PrintableCoupon, PrintCouponButton } from "@/features/coupons";
import { type Coupon } from "@/lib/coupons/schemas";

type CouponPrintDialogProps = {
  /** The coupon to print; null closes the dialog. */
  coupon: Coupon | null;
  onOpenChange: (open: boolean) => void;
};

/**
 * The dashboard's print dialog (docs/product.md#my-dashboard-dashboard): the coupon with its QR code and
 * 'Print Coupon', which prints only the coupon (PrintableCoupon's print CSS).
 */
export function CouponPrintDialog({ coupon, onOpenChange }: CouponPrintDialogProps) {
  return (
    <Dialog open={coupon !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl p-4 sm:p-6">
        <DialogHeader>
          <DialogTitle>Print Coupon</DialogTitle>
          <DialogDescription>
            Bring a printed copy to the store. The cashier scans the QR code or types the code.
          </DialogDescription>
        </DialogHeader>
        {coupon && (
          <>
            <PrintableCoupon coupon={coupon} />
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              <PrintCouponButton code={coupon.code} />
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
