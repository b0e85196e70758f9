import { ImageOff } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { useImages, type StoredImage } from "@/lib/media";
import { errorMessage } from "@/lib/api";
import { useBackgrounds } from "../../api/get-backgrounds";
import { useSaveBackground } from "../../api/save-settings";
import { BACKGROUND_PAGES, type BackgroundPage } from "../../api/schemas";
import { SettingsAlert, type SaveOutcome } from "./settings-alert";

const PAGE_LABELS: Record<BackgroundPage, string> = {
  home: "Home",
  webinars: "Webinars",
  user_dashboard: "User Dashboard",
  admin_dashboard: "Admin Dashboard",
};

function Thumbnail({ url, alt }: { url: string | null; alt: string }) {
  if (!url) {
    return (
      <div className="grid aspect-video w-full place-items-center rounded-md border border-dashed bg-muted text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <ImageOff className="size-4" aria-hidden="true" /> None chosen
        </span>
      </div>
    );
  }
  return <img src={url} alt={alt} className="aspect-video w-full rounded-md border object-cover" loading="lazy" />;
}

/** One page's background: the current image, a choice among the site images, and Save (disabled until one is chosen). */
function PageBackground({ page, current, images }: { page: BackgroundPage; current: string | null; images: StoredImage[] }) {
  const selectId = useId();
  const [chosen, setChosen] = useState("");
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const save = useSaveBackground();
  const label = PAGE_LABELS[page];
  const chosenImage = images.find((i) => i.path === chosen);

  const onSave = async () => {
    setOutcome(null);
    try {
      await save.mutateAsync({ page, imagePath: chosen });
      setChosen("");
      setOutcome({ kind: "success", message: "Background image updated!" });
    } catch (error) {
      setOutcome({ kind: "error", message: `Error saving: ${errorMessage(error)}` });
    }
  };

  return (
    <Card role="group" aria-label={`${label} background`}>
      <CardHeader className="pb-3 sm:pb-3">
        <h3 className="font-semibold text-ink">{label}</h3>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5">
          <p className="text-xs font-medium text-muted-foreground">Current</p>
          <Thumbnail url={current} alt={`Current ${label} background`} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={selectId}>New image for {label}</Label>
          <select
            id={selectId}
            value={chosen}
            onChange={(e) => {
              setChosen(e.target.value);
              setOutcome(null);
            }}
            className="flex h-11 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-accent-500 focus-visible:ring-2 focus-visible:ring-accent-500/30 sm:h-10 sm:text-sm"
          >
            <option value="">Choose an image…</option>
            {images.map((image) => (
              <option key={image.path} value={image.path}>
                {image.path}
              </option>
            ))}
          </select>
          {chosenImage && <Thumbnail url={chosenImage.url} alt={`Chosen ${label} background`} />}
        </div>
        <SettingsAlert outcome={outcome} />
        <Button type="button" onClick={onSave} disabled={!chosen || save.isPending}>
          {save.isPending ? "Saving..." : `Save ${label} Background`}
        </Button>
      </CardContent>
    </Card>
  );
}

/** 'Background Images' tab: per page, one of the uploaded site images (docs/product.md#records background_images). */
export function BackgroundImagesForm() {
  const images = useImages("site_images");
  const backgrounds = useBackgrounds();

  if (images.isPending || backgrounds.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2" aria-busy="true" aria-label="Loading background images">
        {BACKGROUND_PAGES.map((p) => (
          <Skeleton key={p} className="h-72" />
        ))}
      </div>
    );
  }
  if (images.isError || backgrounds.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Could not load the site images.</AlertTitle>
        <AlertDescription>{errorMessage(images.error ?? backgrounds.error)}</AlertDescription>
      </Alert>
    );
  }
  if (images.data.length === 0) {
    return (
      <Alert variant="info">
        <ImageOff aria-hidden="true" />
        <AlertTitle>No images found. Upload some images first.</AlertTitle>
        <AlertDescription>
          <p>
            Upload images under <Link to="/admin" className="font-semibold underline underline-offset-2">Admin Dashboard → Site Images</Link>,
            then choose them here.
          </p>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {BACKGROUND_PAGES.map((page) => (
        <PageBackground key={page} page={page} current={backgrounds.data[page] ?? null} images={images.data} />
      ))}
    </div>
  );
}
