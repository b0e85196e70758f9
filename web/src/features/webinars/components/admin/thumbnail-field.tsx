import { ImageOff, ImageUp, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES, useUploadImage } from "@/lib/media";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";

/** A size in KB: "123.4 KB". */
function formatKilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

type Preview = { url: string; name?: string; size?: number };

type ThumbnailFieldProps = {
  id: string;
  /** The current thumbnail's public URL (editing), if any. */
  initialUrl: string | null;
  /** Called with the stored path after an upload, or null when removed. */
  onChange: (path: string | null) => void;
  /** Told while an upload runs, so the form can wait for it. */
  onBusyChange?: (busy: boolean) => void;
  /** A server error about thumbnail_image_path. */
  error?: string;
};

/**
 * Picks an image and uploads it at once to the webinar_assets bucket; the
 * server stores it as webinar_thumbnails/{name}_{timestamp}.{ext} and judges
 * the type by content, so its refusal message is shown as is.
 */
export function ThumbnailField({ id, initialUrl, onChange, onBusyChange, error }: ThumbnailFieldProps) {
  const upload = useUploadImage("webinar_assets");
  const [preview, setPreview] = useState<Preview | null>(initialUrl ? { url: initialUrl } : null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const descriptionId = useId();
  const errorId = `${id}-error`;
  const message = uploadError ?? error;

  const fail = (msg: string) => {
    setUploadError(msg);
    notify.error("Upload Failed", msg);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    if (file.size > MAX_UPLOAD_BYTES) {
      fail("Images must be 10 MB or smaller.");
      return;
    }
    onBusyChange?.(true);
    try {
      const result = await upload.mutateAsync({ file });
      onChange(result.path);
      setPreview({ url: result.url, name: file.name, size: result.size });
      notify.success("Upload Successful", `${file.name} (${formatKilobytes(result.size)})`);
    } catch (err) {
      fail(errorMessage(err, "The image could not be uploaded."));
    } finally {
      onBusyChange?.(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  };

  const remove = () => {
    setPreview(null);
    setUploadError(null);
    onChange(null);
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Thumbnail</Label>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex aspect-video w-full shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted sm:w-48">
          {upload.isPending ? (
            <Spinner label="Uploading image" />
          ) : preview ? (
            <img src={preview.url} alt="Thumbnail preview" className="size-full object-cover" />
          ) : (
            <ImageOff className="size-8 text-zinc-400" aria-hidden="true" />
          )}
        </div>
        <div className="grid min-w-0 flex-1 gap-2">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            disabled={upload.isPending}
            aria-invalid={Boolean(message) || undefined}
            aria-describedby={[descriptionId, message ? errorId : null].filter(Boolean).join(" ")}
            onChange={(e) => void onFile(e.target.files?.[0])}
            className="block w-full text-sm text-muted-foreground file:mr-3 file:inline-flex file:h-9 file:cursor-pointer file:items-center file:rounded-md file:border file:border-input file:bg-background file:px-3 file:text-sm file:font-semibold file:text-foreground hover:file:bg-muted disabled:opacity-60"
          />
          <p id={descriptionId} className="text-xs text-muted-foreground">
            {upload.isPending ? (
              "Uploading..."
            ) : preview?.name && preview.size !== undefined ? (
              <span className="inline-flex items-center gap-1.5">
                <ImageUp className="size-3.5 text-green-700" aria-hidden="true" />
                Uploaded {preview.name} ({formatKilobytes(preview.size)})
              </span>
            ) : (
              "JPEG, PNG, WebP or GIF, up to 10 MB. 16:9 works best."
            )}
          </p>
          {preview && !upload.isPending && (
            <Button type="button" variant="ghost" size="sm" className="w-fit" onClick={remove}>
              <Trash2 aria-hidden="true" />
              Remove thumbnail
            </Button>
          )}
          {message && (
            <p id={errorId} data-slot="form-message" className="text-sm font-medium text-destructive">
              {message}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
