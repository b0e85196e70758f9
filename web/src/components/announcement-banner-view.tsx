import { X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { cn } from "@/lib/utils";

/*
 * The announcement banner as drawn: the public banner (features/announcement)
 * and the admin's live preview (features/settings) both show it.
 */

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const mql = window.matchMedia?.(REDUCED_MOTION);
  mql?.addEventListener?.("change", onChange);
  return () => mql?.removeEventListener?.("change", onChange);
}

/** True when the visitor asked for reduced motion: the banner then stands still. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

/** What the banner shows and how (GET /api/settings/announcement, or the admin's form as it stands). */
export type AnnouncementLook = {
  text: string;
  color: string;
  text_color: string;
  font_size: string;
  font_family: string;
  border: string;
  dismissible: boolean;
  /** Not read here: whether the banner shows at all is the caller's choice. */
  enabled?: boolean;
};

type AnnouncementBannerViewProps = {
  announcement: AnnouncementLook;
  /** Shown with the close button when the banner is dismissible. */
  onDismiss?: () => void;
  /** Accessible name of the region (the admin's preview names itself). */
  label?: string;
  className?: string;
};

/**
 * The banner itself, in the admin's colours, font and border. The text
 * scrolls across in a 15 s loop (docs/product.md#timings-and-constants) unless the visitor prefers
 * reduced motion; hovering or focusing it pauses the scroll.
 */
export function AnnouncementBannerView({ announcement, onDismiss, label = "Announcement", className }: AnnouncementBannerViewProps) {
  const still = usePrefersReducedMotion();
  return (
    <section
      aria-label={label}
      className={cn("relative flex items-center overflow-hidden", className)}
      style={{
        backgroundColor: announcement.color,
        color: announcement.text_color,
        fontSize: announcement.font_size,
        fontFamily: announcement.font_family,
        border: announcement.border,
      }}
    >
      <div className="announcement-track min-w-0 flex-1 overflow-hidden py-2">
        <p
          data-scrolling={still ? "false" : "true"}
          className={cn("px-4 font-bold", still ? "whitespace-normal" : "announcement-text whitespace-nowrap")}
        >
          {announcement.text}
        </p>
      </div>
      {announcement.dismissible && onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss announcement"
          className="mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-md opacity-90 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-current focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </section>
  );
}
