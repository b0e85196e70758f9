import { Toaster as Sonner } from "sonner";
import "sonner/dist/styles.css";
import "./sonner-toaster.css";

/**
 * Toasts at the bottom right, 4 s, one at a time (docs/product.md#states-and-transitions, docs/product.md#timings-and-constants).
 * The stylesheet is bundled because the server's CSP blocks injected <style>.
 */
export default function SonnerToaster() {
  return (
    <Sonner
      position="bottom-right"
      duration={4000}
      visibleToasts={1}
      closeButton
      richColors
      toastOptions={{ classNames: { title: "font-semibold", description: "text-sm" } }}
    />
  );
}
