type Toast = (typeof import("sonner"))["toast"];

let sonner: Promise<Toast> | undefined;
let loaded: Toast | undefined;
const listeners = new Set<() => void>();

/**
 * sonner (~9 KB gzip) loads with the first toast, not with the page: a first
 * visit to / rarely shows one. The Toaster (components/ui/toaster.tsx) mounts
 * then, and sonner hands a new Toaster the toasts created before it
 * subscribed, so nothing is lost.
 */
function loadToast(): Promise<Toast> {
  if (!sonner) {
    sonner = import("sonner").then((m) => (loaded = m.toast));
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** Loads sonner now, so toasts show synchronously from then on (the unit tests' setup). */
export function preloadToasts(): Promise<unknown> {
  return loadToast();
}

/** For the Toaster: whether a toast was asked for yet, and a way to hear when. */
export const toastRequests = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  started: () => sonner !== undefined,
};

/**
 * The product shows one toast at a time (docs/product.md#states-and-transitions): every call dismisses
 * what is on screen before showing the new one. Use this, not sonner directly.
 */
function show(kind: "success" | "error" | "info" | "warning" | "message", title: string, description?: string) {
  const showWith = (toast: Toast) => {
    toast.dismiss();
    toast[kind](title, description ? { description } : undefined);
  };
  if (loaded) showWith(loaded);
  else void loadToast().then(showWith);
}

export const notify = {
  success: (title: string, description?: string) => show("success", title, description),
  /** Destructive style. */
  error: (title: string, description?: string) => show("error", title, description),
  info: (title: string, description?: string) => show("info", title, description),
  warning: (title: string, description?: string) => show("warning", title, description),
  message: (title: string, description?: string) => show("message", title, description),
  dismiss: () => {
    if (loaded) loaded.dismiss();
    else void sonner?.then((toast) => toast.dismiss());
  },
};
