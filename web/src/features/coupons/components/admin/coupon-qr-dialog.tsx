import { QRCodeSVG } from "qrcode.react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { counterUrl } from "@/lib/paths";
import type { AdminCoupon } from "../../api/admin-schemas";

/** docs/product.md#timings-and-constants: the QR popup is 200 px. */
const QR_SIZE = 200;

type CouponQrDialogProps = {
  /** The coupon whose code to show; the dialog is open while set. */
  coupon: AdminCoupon | null;
  onClose: () => void;
};

/**
 * 'Coupon QR Code': the counter page's URL with the code (as on the printed
 * coupon, docs/api.md#counter) as a QR image made in the browser (a code is
 * bearer value and never goes to an image service, docs/product.md#deliberate-differences-from-the-original-product), with the
 * code in text below it.
 */
export function CouponQrDialog({ coupon, onClose }: CouponQrDialogProps) {
  return (
    <Dialog open={coupon !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Coupon QR Code</DialogTitle>
          <DialogDescription>Scan it at the counter, or read the code below.</DialogDescription>
        </DialogHeader>
        {coupon && (
          <figure className="grid justify-items-center gap-3 py-2">
            <div role="img" aria-label={`QR code for ${coupon.code}`} className="rounded-lg border bg-white p-3">
              <QRCodeSVG value={counterUrl(coupon.code)} size={QR_SIZE} level="M" aria-hidden="true" />
            </div>
            <figcaption className="font-mono text-lg font-bold tracking-wider text-ink">{coupon.code}</figcaption>
          </figure>
        )}
      </DialogContent>
    </Dialog>
  );
}
