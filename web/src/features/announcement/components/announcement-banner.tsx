import { X } from "lucide-react";
import { useState } from "react";
import { useAnnouncement } from "../api/get-announcement";

/** sessionStorage key: dismissal lasts the browser session (SPEC.md §2). */
export const DISMISSED_KEY = "announcementDismissed";

function wasDismissed(text: string): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === text;
  } catch {
    return false;
  }
}

/**
 * The home page's announcement banner: shown when enabled, has text and was
 * not dismissed this session. The text scrolls in a 15 s loop (still for
 * visitors who ask for reduced motion). A banner that fails to load simply
 * does not show: it is optional.
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

  return (
    <section
      aria-label="Announcement"
      className="relative flex items-center overflow-hidden"
      style={{
        backgroundColor: data.color,
        color: data.text_color,
        fontSize: data.font_size,
        fontFamily: data.font_family,
        border: data.border,
      }}
    >
      <div className="announcement-track min-w-0 flex-1 overflow-hidden py-2">
        <p className="announcement-text px-4 font-semibold whitespace-nowrap">{data.text}</p>
      </div>
      {data.dismissible && (
        <button
          type="button"
          onClick={dismiss}
          aria-label="Dismiss announcement"
          className="mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-md opacity-90 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-current focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </section>
  );
}
