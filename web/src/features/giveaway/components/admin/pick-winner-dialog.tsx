import { Shuffle } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useConfirmMutation } from "@/lib/use-confirm-mutation";
import { usePickWinner } from "../../api/pick-winner";
import type { Winner } from "../../api/schemas";
import { webinarLabel, winnerLabel } from "./winner-display";

const REASON_REQUIRED = "Please say why a new winner is needed.";

type PickWinnerDialogProps = {
  /** The row whose webinar gets a new draw; the dialog is open while set. */
  winner: Winner | null;
  onClose: () => void;
};

/**
 * Confirms 'Pick New Winner' for the row's webinar, with the reason the
 * server keeps and audits. The new winner is the next of the webinar's fixed
 * draw sequence; the earlier winner stays in the list. A refusal stays in the
 * dialog as well as in the toast; a refused reason under its field.
 */
export function PickWinnerDialog({ winner, onClose }: PickWinnerDialogProps) {
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const close = () => {
    setReason("");
    setReasonError(undefined);
    onClose();
  };
  const { dialog, confirm } = useConfirmMutation({
    mutation: usePickWinner(),
    onClose: close,
    onSuccess: ({ winner: picked }) =>
      notify.success("New Winner Picked", `${winnerLabel(picked)} won the giveaway for ${webinarLabel(picked)}.`),
    onFailure: (error) => {
      const message = errorMessage(error, "Unknown error");
      if (error instanceof ApiError && error.field === "reason") {
        setReasonError(message);
        return "";
      }
      notify.error("Failed to pick new winner", message);
      return message;
    },
  });

  const onConfirm = () => {
    if (!winner) return;
    if (!reason.trim()) {
      setReasonError(REASON_REQUIRED);
      return;
    }
    setReasonError(undefined);
    void confirm({ webinarId: winner.webinar_id, reason: reason.trim() });
  };

  return (
    <ConfirmDialog
      open={winner !== null}
      {...dialog}
      error={dialog.error || null}
      title="Pick a new winner?"
      confirmLabel="Pick New Winner"
      pendingLabel="Picking..."
      icon={<Shuffle aria-hidden="true" />}
      onConfirm={onConfirm}
      fields={
        <FormField id="repick-reason" label="Reason" error={reasonError}
          description="Kept with the draw and in the audit log, and shown on the draw's public page, e.g. 'The winner did not claim within 14 days.'">
          <FormControl>
            <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} required />
          </FormControl>
        </FormField>
      }
    >
      {winner ? <>The next winner of &ldquo;{webinarLabel(winner)}&rdquo; is drawn from its fixed draw sequence, </> : null}
      skipping people drawn before. Earlier winners stay in the list.
    </ConfirmDialog>
  );
}
