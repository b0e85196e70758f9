import { useState } from "react";
import { AnnouncementBannerView } from "@/components/announcement-banner-view";
import { useAnnouncement } from "../api/get-announcement";

/** sessionStorage key: dismissal lasts the browser session (docs/product.md#announcement-banner). */
export const DISMISSED_KEY = "announcementDismissed";

function wasDismissed(text: string): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === text;
  } catch {
    return false;
  }
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
