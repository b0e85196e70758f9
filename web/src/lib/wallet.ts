import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { zm } from "@/lib/zod";

/** The .pkpass of the caller's coupon (GET, docs/api.md#wallet-passes): a plain link downloads it. */
export function applePassUrl(couponId: string) {
  return `/api/coupons/${encodeURIComponent(couponId)}/wallet/apple`;
}

const saveLinkSchema = zm.object({ url: zm.string() });

/** Asks for the coupon's "Add to Google Wallet" link (the server creates the Google object first) and opens it. */
export function useGoogleWalletSave() {
  return useMutation({
    mutationFn: (couponId: string) =>
      api.get(`/api/coupons/${encodeURIComponent(couponId)}/wallet/google`, { schema: saveLinkSchema }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
