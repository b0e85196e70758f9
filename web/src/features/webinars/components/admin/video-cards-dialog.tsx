import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Plus, Save, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { TableScroll } from "@/components/ui/table-scroll";
import { errorMessage, isApiError } from "@/lib/api";
import { formatVideoLength } from "@/lib/format";
import { notify } from "@/lib/toast";
import type { AdminVideoCard } from "@/lib/video-cards/schemas";
import type { AdminWebinar } from "@/lib/webinars/schemas";
import { useAdminVideoCards, useDeleteVideoCard, useSaveVideoCard } from "../../api/video-cards";
import { cardFormSchema, emptyCardForm, toCardForm, toCardInput, type CardFormValues } from "../../lib/video-card-form";

type VideoCardsDialogProps = {
  /** The webinar whose cards are shown; null keeps the dialog closed. */
  webinar: Pick<AdminWebinar, "id" | "title" | "video_length_seconds"> | null;
  onClose: () => void;
};

const th = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase";
const td = "px-3 py-2";
const ACTION_LABELS = { none: "Nothing to click", link: "Link to a page", question: "Ask a question" } as const;

/**
 * 'Cards in the video' of one webinar (docs/product.md#cards-in-the-video): its cards in
 * timeline order with their clicks, a form to add or change one, and delete.
 */
export function VideoCardsDialog({ webinar, onClose }: VideoCardsDialogProps) {
  const cards = useAdminVideoCards(webinar?.id ?? null);
  // The card being changed; null: the form adds a new one.
  const [editing, setEditing] = useState<AdminVideoCard | null>(null);
  const [toDelete, setToDelete] = useState<AdminVideoCard | null>(null);
  const length = webinar?.video_length_seconds ?? null;

  return (
    <Dialog open={webinar !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl" onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Cards in the video</DialogTitle>
          <DialogDescription>
            {webinar?.title}
            {length ? ` (video ${formatVideoLength(length)})` : ""}. Each card shows over the video from its start, for
            its duration; no two cards share a second.
          </DialogDescription>
        </DialogHeader>
        {cards.isError ? (
          <p role="alert" className="text-sm text-accent-700">
            {errorMessage(cards.error, "Unable to load the cards.")}
          </p>
        ) : cards.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading cards...
          </p>
        ) : cards.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No cards yet.</p>
        ) : (
          <TableScroll label="Cards of this webinar">
            <table className="w-full text-sm">
              <caption className="sr-only">Cards of this webinar and their clicks</caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className={th}>Shows</th>
                  <th scope="col" className={th}>Card</th>
                  <th scope="col" className={th}>Action</th>
                  <th scope="col" className={th}>Clicks</th>
                  <th scope="col" className={th}>
                    <span className="sr-only">Change</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {cards.data.map((c) => (
                  <tr key={c.id} className="border-b last:border-0">
                    <td className={`${td} whitespace-nowrap tabular-nums`}>
                      {formatVideoLength(c.start_second)}–{formatVideoLength(c.start_second + c.duration_seconds)}
                    </td>
                    <th scope="row" className={`${td} text-left font-medium`}>
                      {c.title}
                      {c.line && <span className="block text-xs font-normal text-muted-foreground">{c.line}</span>}
                    </th>
                    <td className={td}>
                      {ACTION_LABELS[c.action]}
                      {c.action === "link" && <span className="block max-w-48 truncate text-xs text-muted-foreground">{c.link_url}</span>}
                    </td>
                    <td className={`${td} tabular-nums`}>{c.clicks}</td>
                    <td className={td}>
                      <div className="flex justify-end gap-1">
                        <Button variant="ghost" size="icon" aria-label={`Edit card ${c.title}`} onClick={() => setEditing(c)}>
                          <Pencil aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Delete card ${c.title}`}
                          className="text-accent-600 hover:bg-accent-50 hover:text-accent-700"
                          onClick={() => setToDelete(c)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
        {webinar && (
          <CardForm
            key={editing?.id ?? "new"}
            webinarId={webinar.id}
            length={length}
            card={editing}
            onDone={() => setEditing(null)}
          />
        )}
        {webinar && <DeleteCard webinarId={webinar.id} card={toDelete} onClose={() => setToDelete(null)} />}
      </DialogContent>
    </Dialog>
  );
}

type CardFormProps = { webinarId: string; length: number | null; card: AdminVideoCard | null; onDone: () => void };

/** Add a card, or change `card`: the server's refusals land on their field. */
function CardForm({ webinarId, length, card, onDone }: CardFormProps) {
  const save = useSaveVideoCard(webinarId);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CardFormValues>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: card ? toCardForm(card) : emptyCardForm,
  });
  const action = useWatch({ control, name: "action" });
  const start = useWatch({ control, name: "start_second" });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: card?.id ?? null, input: toCardInput(values) });
    } catch (error) {
      const message = errorMessage(error);
      const field = isApiError(error) ? error.field : undefined;
      if (field && field in emptyCardForm) setError(field as keyof CardFormValues, { type: "server", message }, { shouldFocus: true });
      else notify.error("The card was not saved", message);
      return;
    }
    notify.success(card ? "Card updated" : "Card added", values.title);
    reset(emptyCardForm);
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 border-t pt-4" aria-labelledby="card-form-title">
      <h3 id="card-form-title" className="text-base font-bold text-ink">
        {card ? `Change "${card.title}"` : "Add a card"}
      </h3>
      {length === null && (
        <p role="note" className="text-sm text-amber-800">
          Set the webinar's video length first: cards are placed inside the video.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="card-start"
          label="Start (seconds into the video)"
          error={errors.start_second?.message}
          description={Number.isFinite(start) && start >= 0 ? `Shows at ${formatVideoLength(start)}` : undefined}
        >
          <FormControl>
            <Input type="number" inputMode="numeric" min={0} step={1} {...register("start_second", { valueAsNumber: true })} />
          </FormControl>
        </FormField>
        <FormField id="card-duration" label="Duration (seconds)" error={errors.duration_seconds?.message} description="3 to 120 seconds">
          <FormControl>
            <Input type="number" inputMode="numeric" min={3} max={120} step={1} {...register("duration_seconds", { valueAsNumber: true })} />
          </FormControl>
        </FormField>
      </div>
      <FormField id="card-title" label="Title" error={errors.title?.message}>
        <FormControl>
          <Input autoComplete="off" maxLength={60} placeholder="See this holster at the counter" {...register("title")} />
        </FormControl>
      </FormField>
      <FormField id="card-line" label="One line (optional)" error={errors.line?.message}>
        <FormControl>
          <Input autoComplete="off" maxLength={120} placeholder="Aisle 3, next to the register" {...register("line")} />
        </FormControl>
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm leading-none font-medium text-foreground">When clicked</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(Object.entries(ACTION_LABELS) as [keyof typeof ACTION_LABELS, string][]).map(([value, label]) => (
            <label key={value} className="flex min-h-6 items-center gap-2 text-sm">
              <input type="radio" value={value} className="size-4 accent-accent-600" {...register("action")} />
              {label}
            </label>
          ))}
        </div>
        {errors.action?.message && (
          <p role="alert" className="text-sm text-accent-700">
            {errors.action.message}
          </p>
        )}
      </fieldset>
      {action === "link" && (
        <FormField
          id="card-link"
          label="Link"
          error={errors.link_url?.message}
          description="A page of this site (starting with /, such as /webinars) or an http:// or https:// address. It opens in a new tab."
        >
          <FormControl>
            <Input autoComplete="off" spellCheck={false} placeholder="/webinars" {...register("link_url")} />
          </FormControl>
        </FormField>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {card && (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              reset(emptyCardForm);
              onDone();
            }}
          >
            Cancel change
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting || length === null} aria-busy={isSubmitting}>
          {card ? <Save aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {isSubmitting ? "Saving..." : card ? "Save card" : "Add card"}
        </Button>
      </div>
    </form>
  );
}

function DeleteCard({ webinarId, card, onClose }: { webinarId: string; card: AdminVideoCard | null; onClose: () => void }) {
  const remove = useDeleteVideoCard(webinarId);
  return (
    <ConfirmDialog
      open={card !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete this card?"
      confirmLabel="Delete card"
      pendingLabel="Deleting..."
      destructive
      busy={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      onConfirm={() =>
        card &&
        remove.mutate(card.id, {
          onSuccess: () => {
            notify.success("Card deleted", card.title);
            onClose();
          },
        })
      }
    >
      "{card?.title}" leaves the video, with its count of {card?.clicks ?? 0} clicks.
    </ConfirmDialog>
  );
}
