import { zodResolver } from "@hookform/resolvers/zod";
import { Captions, ChevronDown, ChevronUp, Pencil, Trash2, TriangleAlert, Upload } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage, isApiError } from "@/lib/api";
import { formatVideoLength } from "@/lib/format";
import { notify } from "@/lib/toast";
import { useConfirmMutation } from "@/lib/use-confirm-mutation";
import { z } from "@/lib/zod";
import { useCaption, useDeleteCaption, useEditCue, useSaveCaption } from "../api/captions";
import type { AdminVideo, Cue } from "../api/schemas";

type Track = AdminVideo["captions"][number];

/**
 * The panel sits inside the webinar form, and forms do not nest: its fields are not a <form>.
 * Enter in one of its text fields does its own action, not the webinar form's submit.
 */
function onEnter(action: () => void) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== "Enter" || !(e.target instanceof HTMLInputElement)) return;
    e.preventDefault();
    action();
  };
}

/**
 * The captions of an uploaded video (docs/product.md#the-stores-own-videos): its tracks, one per
 * language, each from a WebVTT or SRT file; a line's text edited in place; a track deleted.
 * The server's refusals show at their field, with the line of the file at fault.
 */
export function CaptionsEditor({ video }: { video: AdminVideo }) {
  const headingId = useId();
  const [open, setOpen] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Track | null>(null);

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h4 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-foreground">
        <Captions className="size-4 text-muted-foreground" aria-hidden="true" />
        Captions
      </h4>
      {video.captions.length === 0 ? (
        <p className="flex items-start gap-2 text-sm text-amber-800">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          No captions yet. Viewers who cannot hear the video need them; add a WebVTT or SRT file.
        </p>
      ) : (
        <ul className="grid gap-2">
          {video.captions.map((track) => (
            <li key={track.language} className="grid gap-2 rounded-lg border p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-medium text-foreground">
                  {track.label} <span className="font-normal text-muted-foreground">({track.language})</span>
                </span>
                <span className="text-xs text-muted-foreground">
                  {track.cueCount} {track.cueCount === 1 ? "line" : "lines"}
                </span>
                <div className="ml-auto flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-expanded={open === track.language}
                    aria-label={`Edit lines of ${track.label}`}
                    onClick={() => setOpen((o) => (o === track.language ? null : track.language))}
                  >
                    {open === track.language ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
                    Edit lines
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete the ${track.label} captions`}
                    className="text-accent-600 hover:bg-accent-50 hover:text-accent-700"
                    onClick={() => setToDelete(track)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </div>
              {open === track.language && <CueList videoId={video.id} track={track} />}
            </li>
          ))}
        </ul>
      )}
      <AddCaptions videoId={video.id} />
      <DeleteCaptionDialog videoId={video.id} track={toDelete} onClose={() => setToDelete(null)} />
    </section>
  );
}

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const CAPTION_FILE = /\.(vtt|srt)$/i;

const captionFormSchema = z.object({
  language: z.string().trim().regex(LANGUAGE_TAG, "Enter a language code such as en or es-MX"),
  label: z.string().trim().min(1, "Enter the name viewers see, such as English").max(50, "The label may have at most 50 characters"),
  file: z
    .custom<File | null>((v) => v instanceof File, "Choose a .vtt or .srt file")
    .refine((f) => f instanceof File && CAPTION_FILE.test(f.name), "Choose a .vtt or .srt file"),
});
type CaptionFormValues = z.input<typeof captionFormSchema>;

/** Language, label and a .vtt or .srt file: a new track, or the same language's replaced. */
function AddCaptions({ videoId }: { videoId: string }) {
  const save = useSaveCaption();
  const [fileKey, setFileKey] = useState(0);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CaptionFormValues>({
    resolver: zodResolver(captionFormSchema),
    defaultValues: { language: "en", label: "English", file: null },
  });

  const submit = handleSubmit(async (values) => {
    const file = values.file as File;
    const language = values.language.trim();
    try {
      await save.mutateAsync({ videoId, language, label: values.label.trim(), text: await file.text() });
    } catch (error) {
      const field = isApiError(error) ? error.field : undefined;
      const message = errorMessage(error);
      if (field === "language" || field === "label") setError(field, { type: "server", message }, { shouldFocus: true });
      else setError("file", { type: "server", message }, { shouldFocus: true });
      return;
    }
    notify.success("Captions saved", `${values.label.trim()} captions from ${file.name}.`);
    reset({ language: "", label: "", file: null });
    setFileKey((k) => k + 1);
  });

  return (
    <div role="group" aria-label="Add captions" className="grid gap-3 rounded-lg border border-dashed p-3" onKeyDown={onEnter(() => void submit())}>
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        <FormField id={`caption-language-${videoId}`} label="Language" error={errors.language?.message} description="en, es, es-MX...">
          <FormControl>
            <Input autoComplete="off" spellCheck={false} {...register("language")} />
          </FormControl>
        </FormField>
        <FormField id={`caption-label-${videoId}`} label="Label" error={errors.label?.message}>
          <FormControl>
            <Input autoComplete="off" {...register("label")} />
          </FormControl>
        </FormField>
      </div>
      <FormField
        id={`caption-file-${videoId}`}
        label="Captions file"
        error={errors.file?.message}
        description="WebVTT (.vtt) or SubRip (.srt). A language that has captions already gets the new file."
      >
        <FormControl>
          <Input
            key={fileKey}
            type="file"
            accept=".vtt,.srt,text/vtt"
            onChange={(e) => setValue("file", e.target.files?.[0] ?? null, { shouldValidate: true })}
          />
        </FormControl>
      </FormField>
      <Button type="button" size="sm" className="w-fit" disabled={isSubmitting} aria-busy={isSubmitting} onClick={() => void submit()}>
        <Upload aria-hidden="true" />
        {isSubmitting ? "Saving..." : "Save captions"}
      </Button>
    </div>
  );
}

/** A track's lines, each with its times and an Edit button. */
function CueList({ videoId, track }: { videoId: string; track: Track }) {
  const caption = useCaption(videoId, track.language, true);
  const [editing, setEditing] = useState<number | null>(null);
  if (caption.isPending) return <p className="text-sm text-muted-foreground">Loading the lines...</p>;
  if (caption.isError) return <p role="alert" className="text-sm text-destructive">{errorMessage(caption.error)}</p>;
  return (
    <ol aria-label={`Lines of the ${track.label} captions`} className="grid max-h-80 gap-1 overflow-y-auto">
      {caption.data.cues.map((cue, index) => (
        <li key={index} className="rounded-md px-2 py-1.5 hover:bg-zinc-50">
          {editing === index ? (
            <CueEditor videoId={videoId} language={track.language} index={index} cue={cue} onDone={() => setEditing(null)} />
          ) : (
            <div className="flex items-start gap-3 text-sm">
              <span className="w-28 shrink-0 tabular-nums text-muted-foreground">
                {formatVideoLength(cue.start)} – {formatVideoLength(cue.end)}
              </span>
              <span className="min-w-0 flex-1 whitespace-pre-line text-foreground">{cue.text}</span>
              <Button type="button" variant="ghost" size="icon" aria-label={`Edit line ${index + 1}`} onClick={() => setEditing(index)}>
                <Pencil aria-hidden="true" />
              </Button>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

const cueFormSchema = z.object({ text: z.string().trim().min(1, "A line needs some text") });
type CueFormValues = z.input<typeof cueFormSchema>;

/** One line's text in place: Save sends it, Cancel leaves it as it was. */
function CueEditor({ videoId, language, index, cue, onDone }: { videoId: string; language: string; index: number; cue: Cue; onDone: () => void }) {
  const edit = useEditCue();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CueFormValues>({ resolver: zodResolver(cueFormSchema), defaultValues: { text: cue.text } });

  const submit = handleSubmit(async ({ text }) => {
    try {
      await edit.mutateAsync({ videoId, language, index, text: text.trim() });
    } catch (error) {
      setError("text", { type: "server", message: errorMessage(error) }, { shouldFocus: true });
      return;
    }
    onDone();
  });

  return (
    <div className="grid gap-2">
      <FormField
        id={`cue-${videoId}-${language}-${index}`}
        label={`Text of line ${index + 1} (${formatVideoLength(cue.start)} – ${formatVideoLength(cue.end)})`}
        error={errors.text?.message}
      >
        <FormControl>
          <Textarea rows={2} autoFocus {...register("text")} />
        </FormControl>
      </FormField>
      <div className="flex gap-2">
        <Button type="button" size="sm" disabled={isSubmitting} aria-busy={isSubmitting} onClick={() => void submit()}>
          {isSubmitting ? "Saving..." : "Save line"}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function DeleteCaptionDialog({ videoId, track, onClose }: { videoId: string; track: Track | null; onClose: () => void }) {
  const { dialog, confirm } = useConfirmMutation({
    mutation: useDeleteCaption(),
    onClose,
    onSuccess: () => notify.success("Captions deleted", `The ${track?.label} captions were deleted.`),
    onFailure: (error) => `Error deleting captions: ${errorMessage(error, "Unknown error")}`,
  });
  return (
    <ConfirmDialog
      open={track !== null}
      {...dialog}
      title={`Delete the ${track?.label ?? ""} captions?`}
      confirmLabel="Delete Captions"
      pendingLabel="Deleting..."
      icon={<Trash2 aria-hidden="true" />}
      destructive
      onConfirm={() => track && void confirm({ videoId, language: track.language })}
    >
      Viewers of this video will no longer see them, and its transcript goes with them.
    </ConfirmDialog>
  );
}
