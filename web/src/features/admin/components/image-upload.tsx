import { CircleAlert, CircleCheck, ImageUp, LoaderCircle } from "lucide-react";
import { useId, useRef, useState, type ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ACCEPTED_IMAGE_TYPES, formatKB, MAX_UPLOAD_BYTES, useUploadImage } from "@/lib/media";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";

type Outcome = { kind: "success" | "error"; title: string; description: string } | null;

type ImageUploadProps = {
  title: string;
  description?: ReactNode;
  /** A fixed stored name (the hero's hero_background.jpg): the filename input is then locked. */
  defaultFilename?: string;
  /** Called with the stored file's public URL after an upload. */
  onUploaded?: (url: string) => void;
};

const IMAGE_TYPES = ACCEPTED_IMAGE_TYPES.split(",");

/**
 * Uploads one image to the site_images bucket (docs/product.md#validation-and-its-messages): a file is
 * required ('No file selected'), so is a filename ('No filename provided'),
 * images only, size shown in KB. The server judges the type by content and
 * caps the size; its refusal (413, 415, …) is shown as it words it.
 */
export function ImageUpload({ title, description, defaultFilename, onUploaded }: ImageUploadProps) {
  const fileId = useId();
  const nameId = useId();
  const upload = useUploadImage("site_images");
  const [file, setFile] = useState<File | null>(null);
  const [filename, setFilename] = useState(defaultFilename ?? "");
  const [outcome, setOutcome] = useState<Outcome>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const fail = (title: string, description: string) => {
    setOutcome({ kind: "error", title, description });
    notify.error(title, description);
  };

  const onPick = (picked: File | undefined) => {
    setOutcome(null);
    setFile(picked ?? null);
    if (picked && !defaultFilename) setFilename(picked.name);
  };

  const onUpload = async () => {
    setOutcome(null);
    if (!file) return fail("No file selected", "Please select an image to upload.");
    const name = (defaultFilename ?? filename).trim();
    if (!name) return fail("No filename provided", "Please enter a filename for the image.");
    if (file.type && !IMAGE_TYPES.includes(file.type)) {
      return fail("Upload Failed", "Only JPEG, PNG, WebP and GIF images can be uploaded.");
    }
    if (file.size > MAX_UPLOAD_BYTES) return fail("Upload Failed", "Images must be 10 MB or smaller.");
    try {
      const result = await upload.mutateAsync({ file, name });
      const message = `Saved as ${result.path} (${formatKB(result.size)}).`;
      setOutcome({ kind: "success", title: "Upload Successful", description: message });
      notify.success("Upload Successful", message);
      setFile(null);
      if (!defaultFilename) setFilename("");
      if (inputRef.current) inputRef.current.value = "";
      onUploaded?.(result.url);
    } catch (error) {
      fail("Upload Failed", errorMessage(error, "The image could not be uploaded."));
    }
  };

  return (
    <section aria-label={title} className="grid content-start gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <div className="grid gap-1">
        <h3 className="font-semibold text-ink">{title}</h3>
        {description && <div className="text-sm text-muted-foreground">{description}</div>}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={fileId}>Image File</Label>
        <Input
          ref={inputRef}
          id={fileId}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          onChange={(e) => onPick(e.target.files?.[0])}
          className="h-auto py-2 sm:h-auto"
        />
        {file && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Selected: <span className="font-medium break-all text-ink">{file.name}</span> ({formatKB(file.size)})
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={nameId}>Filename</Label>
        <Input
          id={nameId}
          value={defaultFilename ?? filename}
          onChange={(e) => setFilename(e.target.value)}
          readOnly={Boolean(defaultFilename)}
          aria-readonly={Boolean(defaultFilename) || undefined}
          aria-describedby={defaultFilename ? `${nameId}-locked` : undefined}
          className={defaultFilename ? "bg-muted text-muted-foreground" : undefined}
          autoComplete="off"
          spellCheck={false}
        />
        {defaultFilename && (
          <p id={`${nameId}-locked`} className="text-xs text-muted-foreground">
            The filename is fixed for this image.
          </p>
        )}
      </div>
      {outcome && (
        <Alert variant={outcome.kind === "success" ? "success" : "destructive"}>
          {outcome.kind === "success" ? <CircleCheck aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
          <AlertTitle>{outcome.title}</AlertTitle>
          <AlertDescription>{outcome.description}</AlertDescription>
        </Alert>
      )}
      <div>
        <Button type="button" onClick={onUpload} disabled={upload.isPending}>
          {upload.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ImageUp aria-hidden="true" />}
          {upload.isPending ? "Uploading..." : "Upload Image"}
        </Button>
      </div>
    </section>
  );
}
