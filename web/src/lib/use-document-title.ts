import { useEffect } from "react";
import { SITE_NAME } from "@/config/store";

/** Sets the tab title to "{title} | WatchWin" while the page is shown. */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
