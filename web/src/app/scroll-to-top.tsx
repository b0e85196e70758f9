import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Scrolls to the top on every path change (docs/product.md#route-table). Not on the
 * first page: the browser placed it, and a visitor may have scrolled it (the
 * hero's link) before the app started.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (first.current === pathname) return;
    first.current = "";
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
