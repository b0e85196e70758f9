import { useState, type ComponentProps } from "react";
import fallbackImage from "@/assets/webinar-fallback.svg";
import { cn } from "@/lib/utils";

type WebinarImageProps = Omit<ComponentProps<"img">, "src"> & {
  /** The webinar's thumbnail_url; null or a broken image shows the bundled stock image. */
  src: string | null | undefined;
  /** On the first screen: load at once with high priority (it is the page's largest paint), not lazily. */
  priority?: boolean;
};

/** A webinar's thumbnail with the bundled fallback (no external image URL anywhere). */
export function WebinarImage({ src, alt = "", className, priority = false, ...props }: WebinarImageProps) {
  // Remember which URL failed, so a new src gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && src !== failed ? src : fallbackImage;
  return (
    <img
      src={usable}
      alt={alt}
      // 16:9 like every slot it fills, so the browser reserves the space before it loads.
      width={640}
      height={360}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      onError={() => src && setFailed(src)}
      className={cn("size-full object-cover", className)}
      {...props}
    />
  );
}

