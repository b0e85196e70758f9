import { CircleAlert, CreditCard, LoaderCircle, type LucideIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatMoney } from "@/lib/money";

type CardFormFooterProps = {
  /** What the pay button charges, in dollars. */
  amount: number;
  /** The flow's last decline or failure, shown above the pay button. */
  error: string | null;
  busy: boolean;
  /** False while the provider's script is not ready: the pay button waits. */
  ready?: boolean;
  /** The pay button's icon when not busy. */
  icon?: LucideIcon;
  onCancel: () => void;
};

/** The end of every card form: the failure alert, the pay button and Cancel. */
export function CardFormFooter({ amount, error, busy, ready = true, icon: Icon = CreditCard, onCancel }: CardFormFooterProps) {
  return (
    <>
      {error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>Payment Failed</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}

      <div className="grid gap-2 sm:grid-cols-[1fr_auto]">
        <Button type="submit" size="lg" disabled={busy || !ready} aria-busy={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
          {busy ? "Processing payment..." : `Pay ${formatMoney(amount)}`}
        </Button>
        <Button type="button" variant="ghost" size="lg" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </>
  );
}
