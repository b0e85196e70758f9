import { X } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { cn } from "@/lib/utils";
import { useAnnouncement, type Announcement } from "../api/get-announcement";

/** sessionStorage key: dismissal lasts the browser session (docs/product.md#announcement-banner). */
export const DISMISSED_KEY = "announcementDismissed";

function wasDismissed(text: string): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === text;
  } catch {
    return false;
  }
}

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

type AnnouncementBannerViewProps = {
  announcement: Announcement;
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

/**
 * The public pages' announcement banner: shown when enabled, has text and was
 * not dismissed this session (a new text shows again). A banner that fails to
 * load simply does not show: it is optional.
 */
export function AnnouncementBanner() {
  const { data } = useAnnouncement();
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!data || !data.enabled || !data.text.trim()) return null;
  if (dismissed === data.text || wasDismissed(data.text)) return null;

  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, data.text);
    } catch {
      // Storage may be unavailable (private mode); the banner still hides for this page view.
    }
    setDismissed(data.text);
  };

  return <AnnouncementBannerView announcement={data} onDismiss={dismiss} className="no-print" />;
}
