import { ImageOff } from "lucide-react";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { formatKB, useImages } from "@/lib/media";
import { errorMessage } from "@/lib/api";
import { ImageUpload } from "./image-upload";

/** The fixed name the home page's hero reads (docs/product.md#admin-screens); the server stores any image there as JPEG. */
export const HERO_FILENAME = "hero_background.jpg";

function ImageGrid() {
  const images = useImages("site_images");
  if (images.isPending) {
    return (
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4" aria-busy="true" aria-label="Loading site images">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="aspect-video" />
        ))}
      </div>
    );
  }
  if (images.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Could not load the site images.</AlertTitle>
        <AlertDescription>{errorMessage(images.error)}</AlertDescription>
      </Alert>
    );
  }
  if (images.data.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
        <ImageOff className="size-4" aria-hidden="true" /> No images found. Upload some images first.
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4" aria-label="Site images">
      {images.data.map((image) => (
        <li key={image.path} className="overflow-hidden rounded-lg border bg-card shadow-xs">
          <a href={image.url} target="_blank" rel="noopener noreferrer" className="block focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            <img
              src={`${image.url}?v=${encodeURIComponent(image.updated_at)}`}
              alt={image.name}
              loading="lazy"
              className="aspect-video w-full bg-muted object-cover"
            />
          </a>
          <div className="grid gap-0.5 p-2.5 text-xs">
            <span className="truncate font-medium text-ink" title={image.path}>
              {image.path}
            </span>
            <span className="text-muted-foreground">{formatKB(image.size)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** 'Site Images' tab: the hero upload, a generic upload and the grid of existing images. */
export function SiteImagesTab() {
  // Bumped after a hero upload so the preview skips the browser's cached copy.
  const [heroVersion, setHeroVersion] = useState(() => Date.now());
  return (
    <div className="grid gap-8">
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-4">
          <ImageUpload
            title="Hero Background"
            description={
              <>
                The large image behind the home page's headline, saved as <code>{HERO_FILENAME}</code>. Recommended
                size 1920x1080.
              </>
            }
            defaultFilename={HERO_FILENAME}
            onUploaded={() => setHeroVersion(Date.now())}
          />
          <img
            src={`/media/site_images/${HERO_FILENAME}?v=${heroVersion}`}
            alt="Current hero background"
            className="aspect-video w-full rounded-lg border bg-zinc-900 object-cover"
            onError={(e) => {
              e.currentTarget.hidden = true;
            }}
            onLoad={(e) => {
              e.currentTarget.hidden = false;
            }}
          />
        </div>
        <ImageUpload
          title="Upload Site Image"
          description="Any image for page backgrounds and other site use. JPEG, PNG, WebP or GIF, up to 10 MB."
        />
      </div>
      <section aria-labelledby="site-images-heading" className="grid gap-3">
        <h3 id="site-images-heading" className="font-semibold text-ink">
          Existing images
        </h3>
        <ImageGrid />
      </section>
    </div>
  );
}
