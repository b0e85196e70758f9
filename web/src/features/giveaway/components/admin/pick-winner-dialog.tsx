import { Shuffle } from "lucide-react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useConfirmMutation } from "@/lib/use-confirm-mutation";
import { usePickWinner } from "../../api/pick-winner";
import type { Winner } from "../../api/schemas";
import { webinarLabel, winnerLabel } from "./winner-display";

type PickWinnerDialogProps = {
  /** The row whose webinar gets a new draw; the dialog is open while set. */
  winner: Winner | null;
  onClose: () => void;
};

/**
 * Confirms 'Pick New Winner' for the row's webinar. The earlier winner stays
 * in the list (the history is kept); a refusal (no paid registrants) stays in
 * the dialog as well as in the toast.
 */
export function PickWinnerDialog({ winner, onClose }: PickWinnerDialogProps) {
  const { dialog, confirm } = useConfirmMutation({
    mutation: usePickWinner(),
    onClose,
    onSuccess: ({ winner: picked }) =>
      notify.success("New Winner Picked", `${winnerLabel(picked)} won the giveaway for ${webinarLabel(picked)}.`),
    onFailure: (error) => {
      const message = errorMessage(error, "Unknown error");
      notify.error("Failed to pick new winner", message);
      return message;
    },
  });

  return (
    <ConfirmDialog
      open={winner !== null}
      {...dialog}
      title="Pick a new winner?"
      confirmLabel="Pick New Winner"
      pendingLabel="Picking..."
      icon={<Shuffle aria-hidden="true" />}
      onConfirm={() => winner && void confirm(winner.webinar_id)}
    >
      {winner ? <>A new winner is drawn at random among the paid registrants of &ldquo;{webinarLabel(winner)}&rdquo;, </> : null}
      preferring those not drawn before. Earlier winners stay in the list.
    </ConfirmDialog>
  );
}
