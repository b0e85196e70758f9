import { Shuffle } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
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
  const pick = usePickWinner();
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (pick.isPending) return;
    setFailure(null);
    pick.reset();
    onClose();
  };

  const confirm = async () => {
    if (!winner) return;
    setFailure(null);
    let picked: Winner;
    try {
      ({ winner: picked } = await pick.mutateAsync(winner.webinar_id));
    } catch (error) {
      const message = errorMessage(error, "Unknown error");
      setFailure(message);
      notify.error("Failed to pick new winner", message);
      return;
    }
    notify.success("New Winner Picked", `${winnerLabel(picked)} won the giveaway for ${webinarLabel(picked)}.`);
    setFailure(null);
    onClose();
  };

  return (
    <ConfirmDialog
      open={winner !== null}
      onOpenChange={(open) => !open && close()}
      title="Pick a new winner?"
      confirmLabel="Pick New Winner"
      pendingLabel="Picking..."
      icon={<Shuffle aria-hidden="true" />}
      busy={pick.isPending}
      error={failure}
      onConfirm={() => void confirm()}
    >
      {winner ? <>A new winner is drawn at random among the paid registrants of &ldquo;{webinarLabel(winner)}&rdquo;, </> : null}
      preferring those not drawn before. Earlier winners stay in the list.
    </ConfirmDialog>
  );
}
