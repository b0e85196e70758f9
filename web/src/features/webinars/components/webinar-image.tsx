import { useState, type ComponentProps } from "react";
import fallbackImage from "@/assets/webinar-fallback.svg";
import { cn } from "@/lib/utils";

type WebinarImageProps = Omit<ComponentProps<"img">, "src"> & {
  /** The webinar's thumbnail_url; null or a broken image shows the bundled stock image. */
  src: string | null | undefined;
};

/** A webinar's thumbnail with the bundled fallback (no external image URL anywhere). */
export function WebinarImage({ src, alt = "", className, ...props }: WebinarImageProps) {
  // Remember which URL failed, so a new src gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && src !== failed ? src : fallbackImage;
  return (
    <img
      src={usable}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => src && setFailed(src)}
      className={cn("size-full object-cover", className)}
      {...props}
    />
  );
}

