import { Mail, MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useNotifyWinner } from "../../api/notify-winner";
import type { Winner } from "../../api/schemas";
import { winnerLabel } from "./winner-display";

/** 'Send Notification' for one winner (docs/product.md#states-and-transitions: Pending → Notified); done once. */
export function SendNotificationButton({ winner }: { winner: Winner }) {
  const send = useNotifyWinner();

  const run = async () => {
    try {
      await send.mutateAsync(winner.id);
    } catch (error) {
      notify.error(`Failed to send notification: ${errorMessage(error, "Unknown error")}`);
      return;
    }
    notify.success("Notification Sent", `${winnerLabel(winner)} has been emailed about winning the giveaway.`);
  };

  if (winner.notified) {
    return (
      <Button variant="outline" size="sm" disabled>
        <MailCheck aria-hidden="true" />
        Send Notification
      </Button>
    );
  }
  return (
    <Button size="sm" onClick={() => void run()} disabled={send.isPending} aria-busy={send.isPending}>
      <Mail aria-hidden="true" />
      {send.isPending ? "Sending..." : "Send Notification"}
    </Button>
  );
}
