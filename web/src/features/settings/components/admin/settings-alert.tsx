import { CircleAlert, CircleCheck } from "lucide-react";
import { Alert, AlertTitle } from "@/components/ui/alert";

/** The outcome of a save: docs/product.md#texts-users-see's settings alerts ('General info saved!', 'Error saving: …'). */
export type SaveOutcome = { kind: "success" | "error"; message: string } | null;

export function SettingsAlert({ outcome }: { outcome: SaveOutcome }) {
  if (!outcome) return null;
  const success = outcome.kind === "success";
  return (
    <Alert variant={success ? "success" : "destructive"}>
      {success ? <CircleCheck aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
      <AlertTitle>{outcome.message}</AlertTitle>
    </Alert>
  );
}
