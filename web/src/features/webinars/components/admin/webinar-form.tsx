import { zodResolver } from "@hookform/resolvers/zod";
import { Save } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useCreateWebinar } from "../../api/create-webinar";
import type { AdminWebinar } from "@/lib/webinars/schemas";
import { useUpdateWebinar } from "../../api/update-webinar";
import { formatVideoLength, zoneLabel } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { fromWallClock } from "@/lib/store-time";
import { extractVideoId } from "../../lib/video-id";
import {
  formFieldOf,
  newWebinarFormValues,
  toWebinarInput,
  WEBINAR_DEFAULTS,
  webinarFormSchema,
  webinarToFormValues,
  type WebinarFormValues,
} from "../../lib/webinar-form";
import { ThumbnailField } from "./thumbnail-field";
import { VideoPreview } from "./video-preview";

/** What the form gives the uploaded-video part (app/ fills it from the videos feature). */
export type VideoUploadSlotProps = {
  webinarId: string;
  /** A video became ready while the form was open: its length in seconds. */
  onVideoReady: (durationSeconds: number) => void;
  /** Told while an upload sends: the form must not close or save then. */
  onBusyChange: (busy: boolean) => void;
};

type WebinarFormProps = {
  /** The webinar to edit; a new one when absent. */
  webinar?: AdminWebinar;
  /**
   * The store's loaded time zone. The form reads and writes wall-clock values
   * in this one zone for its whole life: defaults, hints and the saved instant.
   */
  timeZone: string;
  onDone: () => void;
  /**
   * A new webinar with an uploaded video was created: the dialog keeps it open, as its edit
   * form, for the upload (which needs the saved webinar). Without it, onDone.
   */
  onCreatedForUpload?: (webinar: AdminWebinar) => void;
  onCancel: () => void;
  /** Told while a save or an upload runs (the dialog must not close then). */
  onBusyChange?: (busy: boolean) => void;
  /** The uploaded video's state, uploader and captions of a saved webinar. */
  renderVideoUpload?: (props: VideoUploadSlotProps) => ReactNode;
};

/** The create / edit webinar form of docs/product.md#validation-and-its-messages. */
export function WebinarForm({
  webinar,
  timeZone: storeTimeZone,
  onDone,
  onCreatedForUpload,
  onCancel,
  onBusyChange,
  renderVideoUpload,
}: WebinarFormProps) {
  // Fixed at mount, like the defaults computed from it, so a later change of
  // the prop cannot make the form save in another zone than it showed.
  const [timeZone] = useState(storeTimeZone);
  const create = useCreateWebinar();
  const update = useUpdateWebinar();
  // Uploads under way: the thumbnail's and the video's.
  const [uploads, setUploads] = useState({ thumbnail: false, video: false });
  const editing = Boolean(webinar);

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    clearErrors,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<WebinarFormValues>({
    resolver: zodResolver(webinarFormSchema),
    defaultValues: webinar ? webinarToFormValues(webinar, timeZone) : newWebinarFormValues(timeZone),
  });

  const busy = isSubmitting || uploads.thumbnail || uploads.video;
  const setBusy = (which: keyof typeof uploads) => (value: boolean) => {
    const next = { ...uploads, [which]: value };
    setUploads(next);
    onBusyChange?.(next.thumbnail || next.video || isSubmitting);
  };

  const onSubmit = handleSubmit(async (values) => {
    onBusyChange?.(true);
    const input = toWebinarInput(values, timeZone);
    let saved: AdminWebinar;
    try {
      saved = webinar ? await update.mutateAsync({ id: webinar.id, input }) : await create.mutateAsync(input);
    } catch (error) {
      onBusyChange?.(false);
      const message = (error instanceof Error && error.message) || "Unknown Error";
      const field = isApiError(error) ? formFieldOf(error.field) : null;
      if (field) setError(field, { type: "server", message }, { shouldFocus: true });
      notify.error(`Failed to ${editing ? "update" : "create"} webinar: ${message}`);
      return;
    }
    onBusyChange?.(false);
    if (!webinar && input.video_source === "upload" && onCreatedForUpload) {
      notify.success("Webinar Created", `"${input.title}" has been created. Now upload its video.`);
      onCreatedForUpload({ ...saved, video_source: input.video_source });
      return;
    }
    if (webinar) notify.success("Webinar Updated", `"${input.title}" has been updated.`);
    else notify.success("Webinar Created", `"${input.title}" has been created.`);
    onDone();
  });

  // Live hints: the zone of the chosen date, the coupon it buys, the bare video id.
  const [eventDate, eventTime, price, percentage, video, videoLength, videoSource] = useWatch({
    control,
    name: [
      "event_date",
      "event_time",
      "display_price",
      "actual_coupon_value_percentage",
      "youtube_video_id",
      "video_length_seconds",
      "video_source",
    ],
  });
  const uploaded = videoSource === "upload";
  const instant = fromWallClock(eventDate, eventTime || WEBINAR_DEFAULTS.time, timeZone);
  const zone = zoneLabel(instant ? new Date(instant) : new Date(), timeZone);
  const couponHint =
    Number.isFinite(price) && Number.isFinite(percentage) && price > 0 && percentage >= 0
      ? `Coupon worth ${formatMoney(Math.round(price * percentage) / 100)}`
      : "Of the price; 120 = 20% extra";
  const videoId = extractVideoId(video);
  const videoHint = videoId
    ? `Video ID: ${videoId}`
    : "Paste a YouTube link (watch, youtu.be, embed, shorts) or the 11-character video ID.";

  const dateError = errors.event_date?.message ?? errors.event_time?.message;
  const readFrom = uploaded ? "from the uploaded video once it is ready" : "from the preview when you paste the video";
  const lengthHint =
    typeof videoLength === "number" && Number.isFinite(videoLength) && videoLength > 0
      ? `${formatVideoLength(videoLength)}; read ${readFrom}, correct it if needed.`
      : `Read ${readFrom}. Without it, watching is not checked by the server.`;
  // The video's length fills the field unless the admin typed one for this video.
  const onVideoDuration = (seconds: number) => {
    if (dirtyFields.video_length_seconds && getValues("video_length_seconds")) return;
    if (getValues("video_length_seconds") === seconds) return;
    setValue("video_length_seconds", seconds, { shouldValidate: true });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={editing ? "Edit Webinar" : "Create New Webinar"}>
      <FormField id="webinar-title" label="Title" error={errors.title?.message}>
        <FormControl>
          <Input autoComplete="off" {...register("title")} />
        </FormControl>
      </FormField>

      <FormField id="webinar-description" label="Description" error={errors.description?.message}>
        <FormControl>
          <Textarea rows={4} {...register("description")} />
        </FormControl>
      </FormField>

      <fieldset className="grid gap-2" aria-describedby="webinar-zone">
        <legend className="mb-2 text-sm leading-none font-medium text-foreground">Event Date &amp; Time</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="webinar-event-date" className="text-xs text-muted-foreground">
              Date
            </Label>
            <Input
              id="webinar-event-date"
              type="date"
              aria-invalid={Boolean(dateError) || undefined}
              aria-describedby={dateError ? "webinar-event-error" : "webinar-zone"}
              {...register("event_date", {
                // Picking a date keeps the chosen time; with none yet, noon.
                onChange: () => {
                  if (!getValues("event_time")) setValue("event_time", WEBINAR_DEFAULTS.time);
                },
              })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="webinar-event-time" className="text-xs text-muted-foreground">
              Time
            </Label>
            <Input
              id="webinar-event-time"
              type="time"
              step={60}
              aria-invalid={Boolean(dateError) || undefined}
              aria-describedby={dateError ? "webinar-event-error" : "webinar-zone"}
              {...register("event_time")}
            />
          </div>
        </div>
        <p id="webinar-zone" className="text-xs text-muted-foreground">
          Store time: {zone}
        </p>
        {dateError && (
          <p id="webinar-event-error" className="text-sm font-medium text-destructive">
            {dateError}
          </p>
        )}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-3 sm:items-start">
        <FormField id="webinar-price" label="Display Price ($)" error={errors.display_price?.message}>
          <FormControl>
            <Input type="number" inputMode="decimal" min={0} step="0.01" {...register("display_price", { valueAsNumber: true })} />
          </FormControl>
        </FormField>
        <FormField
          id="webinar-percentage"
          label="Coupon Value (%)"
          error={errors.actual_coupon_value_percentage?.message}
          description={couponHint}
        >
          <FormControl>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...register("actual_coupon_value_percentage", { valueAsNumber: true })}
            />
          </FormControl>
        </FormField>
        <FormField id="webinar-seats" label="Total Seats" error={errors.total_seats?.message}>
          <FormControl>
            <Input type="number" inputMode="numeric" min={1} step={1} {...register("total_seats", { valueAsNumber: true })} />
          </FormControl>
        </FormField>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm leading-none font-medium text-foreground">Video source</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ["youtube", "YouTube"],
              ["upload", "Uploaded video"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                value={value}
                disabled={uploads.video}
                className="size-4 accent-accent-600"
                {...register("video_source")}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      {uploaded ? (
        webinar ? (
          renderVideoUpload?.({
            webinarId: webinar.id,
            onVideoReady: onVideoDuration,
            onBusyChange: setBusy("video"),
          })
        ) : (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            The video is uploaded to a saved webinar: create the webinar, and this form stays open to upload its video.
          </p>
        )
      ) : (
        <>
          <FormField
            id="webinar-video"
            label="YouTube Video ID or URL"
            error={errors.youtube_video_id?.message}
            description={videoHint}
          >
            <FormControl>
              <Input
                autoComplete="off"
                spellCheck={false}
                placeholder="https://www.youtube.com/watch?v=..."
                {...register("youtube_video_id")}
              />
            </FormControl>
          </FormField>

          <VideoPreview videoId={videoId} onDuration={onVideoDuration} />
        </>
      )}

      <div className="grid gap-5 sm:grid-cols-2 sm:items-start">
        <FormField
          id="webinar-video-length"
          label="Video Length (seconds)"
          error={errors.video_length_seconds?.message}
          description={lengthHint}
        >
          <FormControl>
            <Input
              type="number"
              inputMode="numeric"
              min={10}
              step={1}
              {...register("video_length_seconds", {
                setValueAs: (v: unknown) => (v === "" || v === null || v === undefined ? null : Number(v)),
              })}
            />
          </FormControl>
        </FormField>
        <Controller
          control={control}
          name="allow_seeking"
          render={({ field }) => (
            <div className="flex items-start gap-3 rounded-lg border p-4">
              <Checkbox
                id="webinar-allow-seeking"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                ref={field.ref}
                aria-describedby="webinar-allow-seeking-description"
              />
              <div className="grid gap-1.5">
                <Label htmlFor="webinar-allow-seeking">Viewers may skip ahead</Label>
                <p id="webinar-allow-seeking-description" className="text-xs text-muted-foreground">
                  Off: a jump past the furthest point watched springs back. Going back is always allowed.
                </p>
              </div>
            </div>
          )}
        />
      </div>

      <ThumbnailField
        id="webinar-thumbnail"
        initialUrl={webinar?.thumbnail_url ?? null}
        error={errors.thumbnail_image_path?.message}
        onBusyChange={setBusy("thumbnail")}
        onChange={(path) => {
          clearErrors("thumbnail_image_path");
          setValue("thumbnail_image_path", path, { shouldDirty: true });
        }}
      />

      <Controller
        control={control}
        name="is_active"
        render={({ field }) => (
          <div className="flex items-start gap-3 rounded-lg border p-4">
            <Checkbox
              id="webinar-active"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              ref={field.ref}
              aria-describedby="webinar-active-description"
            />
            <div className="grid gap-1.5">
              <Label htmlFor="webinar-active">Active</Label>
              <p id="webinar-active-description" className="text-xs text-muted-foreground">
                Active webinars are listed on the site. Deactivate to hide one without losing its registrations.
              </p>
            </div>
          </div>
        )}
      />

      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} aria-busy={isSubmitting}>
          <Save aria-hidden="true" />
          {isSubmitting ? "Saving..." : editing ? "Update Webinar" : "Create Webinar"}
        </Button>
      </div>
    </form>
  );
}
