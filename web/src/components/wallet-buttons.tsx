import { errorMessage } from "@/lib/api";
import { useAppConfig } from "@/lib/app-config";
import { notify } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { applePassUrl, useGoogleWalletSave } from "@/lib/wallet";

/**
 * Badges in the vendors' wording and look (black, white text, a wallet mark), drawn here: the official
 * artwork is not bundled (docs/operations.md#wallet-passes). Each is at least 44 px tall.
 */
const badge =
  "inline-flex min-h-11 items-center gap-2.5 rounded-lg border border-zinc-500 bg-black px-3.5 py-1.5 text-left text-white " +
  "shadow-sm hover:bg-zinc-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink " +
  "disabled:opacity-60 print:hidden";

/** A simple wallet mark: a card sliding into a pocket, in the badge's white. */
function WalletMark() {
  return (
    <svg viewBox="0 0 28 22" width="28" height="22" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="26" height="20" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <rect x="4" y="4" width="20" height="5" rx="1.5" fill="#E53E3E" />
      <path d="M1 12h8a5 5 0 0 0 10 0h8" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function BadgeText({ wallet }: { wallet: string }) {
  return (
    <span className="grid leading-tight">
      <span className="text-[11px] font-medium">Add to</span>
      <span className="text-base font-semibold">{wallet}</span>
    </span>
  );
}

/** "Add to Apple Wallet" and "Add to Google Wallet" for a coupon, only for the wallets the store configured. */
export function WalletButtons({ couponId, className }: { couponId: string; className?: string }) {
  const { data: config } = useAppConfig();
  const google = useGoogleWalletSave();
  const wallets = config?.wallets;
  if (!wallets || (!wallets.apple && !wallets.google)) return null;
  return (
    <div className={cn("flex flex-wrap justify-center gap-2", className)} role="group" aria-label="Add to a phone wallet">
      {wallets.apple && (
        <a href={applePassUrl(couponId)} download="coupon.pkpass" className={badge} aria-label="Add to Apple Wallet">
          <WalletMark />
          <BadgeText wallet="Apple Wallet" />
        </a>
      )}
      {wallets.google && (
        <button
          type="button"
          className={badge}
          aria-label="Add to Google Wallet"
          disabled={google.isPending}
          onClick={() =>
            google.mutate(couponId, {
              onError: (error) => notify.error("Couldn't add to Google Wallet", errorMessage(error)),
            })
          }
        >
          <WalletMark />
          <BadgeText wallet="Google Wallet" />
        </button>
      )}
    </div>
  );
}
