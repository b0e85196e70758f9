import { store } from "@/config/store";

/** The coupon terms (docs/product.md §8), shared by the Terms page and, later, coupon views. */
const couponTerms = [
  "Valid only on purchases with a retail value of at least twice the coupon's face value.",
  `Must be redeemed in person at our ${store.city}, ${store.stateName} store.`,
  "A printed copy of the coupon is required at redemption.",
  "One coupon per webinar entry.",
  "No cash value.",
  "Not transferable.",
  "Cannot be combined with other offers.",
  "Expires 30 days after issue.",
] as const;

export function CouponTermsList({ className }: { className?: string }) {
  return (
    <ul className={className}>
      {couponTerms.map((t) => (
        <li key={t}>{t}</li>
      ))}
    </ul>
  );
}
