import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";
import { notify, preloadToasts } from "@/lib/toast";

// findBy*/waitFor give up after 3 s, not 1 s: pages load lazily (React.lazy)
// and the shared 2-core test machine is often busy.
configure({ asyncUtilTimeout: 3000 });

// jsdom lacks these browser APIs; Radix, sonner and ScrollToTop touch them.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!("ResizeObserver" in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, "ResizeObserver", { writable: true, value: ResizeObserverStub });
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

// The app loads sonner with its first toast (lib/toast.ts); load it up front
// so every rendered app has its toaster and toasts show synchronously.
await preloadToasts();
await import("@/components/ui/sonner-toaster");

afterEach(() => {
  cleanup();
  // sonner keeps its toasts in module state, which the next test (and, in
  // the shared project, the next file) would replay into its own Toaster.
  notify.dismiss();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

// sonner removes a dismissed toast 200 ms after it leaves, from a timer; let
// such timers run out while this test file's window still exists, or they
// fire into a torn-down environment ("window is not defined").
afterAll(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 300));
});
