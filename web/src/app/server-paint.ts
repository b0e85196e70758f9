/**
 * The hand-over from the server's first paint to React (docs/api.md
 * "Pages"). Until React has drawn the page, a form the server painted sends
 * nothing; what a visitor types into it is kept and put into React's field
 * of the same id, with the focus; and the last button pressed or form sent
 * is pressed or sent again on React's page, where the same element sits at
 * the same place. Nothing a visitor does in that moment is lost.
 */

const typed = new Map<string, string>();
let focused: string | null = null;
let holding: HTMLElement | null = null;
/** The last button pressed (or form sent) on the server's paint, by its place under the root. */
let pressed: { path: number[]; submit: boolean } | null = null;

/** Where `el` sits under `root`: the child index at each level. */
function pathOf(el: Element, root: Element): number[] {
  const path: number[] = [];
  for (let e: Element | null = el; e && e !== root; e = e.parentElement) {
    path.unshift(e.parentElement ? Array.prototype.indexOf.call(e.parentElement.children, e) : 0);
  }
  return path;
}

function elementAt(root: Element, path: number[]): Element | undefined {
  let e: Element | undefined = root;
  for (const i of path) e = e?.children[i];
  return e;
}

function onClick(e: Event) {
  const button = e.target instanceof Element ? e.target.closest("button") : null;
  if (holding && button && button.type !== "submit" && holding.contains(button)) {
    pressed = { path: pathOf(button, holding), submit: false };
  }
}

function onInput(e: Event) {
  if (e.target instanceof HTMLInputElement && e.target.id) typed.set(e.target.id, e.target.value);
}

function onFocusIn(e: FocusEvent) {
  focused = e.target instanceof HTMLElement && e.target.id ? e.target.id : null;
}

function onFocusOut(e: FocusEvent) {
  // Focus that leaves for nowhere while the field is still on the page was
  // put down by the visitor; a field React removes takes its focus along.
  if (e.target instanceof Node && e.target.isConnected && e.relatedTarget === null) focused = null;
}

function onSubmit(e: Event) {
  e.preventDefault();
  if (holding && e.target instanceof HTMLFormElement) pressed = { path: pathOf(e.target, holding), submit: true };
}

/** Starts keeping what is typed into the server's paint in `root` (src/main.tsx). */
export function holdServerPaint(root: HTMLElement) {
  holding = root;
  root.addEventListener("input", onInput, true);
  root.addEventListener("focusin", onFocusIn, true);
  root.addEventListener("focusout", onFocusOut, true);
  root.addEventListener("submit", onSubmit, true);
  root.addEventListener("click", onClick, true);
}

/** Puts what was typed into React's fields once React has drawn them (src/app/start.tsx). */
export function handOver() {
  const root = holding;
  if (!root) return;
  holding = null;
  root.removeEventListener("input", onInput, true);
  root.removeEventListener("focusin", onFocusIn, true);
  root.removeEventListener("focusout", onFocusOut, true);
  root.removeEventListener("submit", onSubmit, true);
  root.removeEventListener("click", onClick, true);
  // React tracks an input's value through its setter: set it the native way
  // and announce it, so the form's state hears it as typing.
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  for (const [id, value] of typed) {
    const input = document.getElementById(id);
    if (!(input instanceof HTMLInputElement) || input.value !== "" || !value || !setValue) continue;
    setValue.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
  typed.clear();
  const active = document.activeElement;
  if (focused && (!active || active === document.body)) document.getElementById(focused)?.focus();
  focused = null;
  const again = pressed && elementAt(root, pressed.path);
  if (pressed?.submit && again instanceof HTMLFormElement) {
    again.requestSubmit();
  } else if (!pressed?.submit && again instanceof HTMLButtonElement) {
    // Tabs switch on the press itself (Radix), other buttons on the click.
    again.dispatchEvent(new MouseEvent("mousedown", { bubbles: true, cancelable: true, button: 0 }));
    again.click();
  }
  pressed = null;
}
