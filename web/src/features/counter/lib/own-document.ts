/** The path of `url` without trailing slashes ("/counter/" is "/counter"). */
function pathOf(url: string): string {
  return new URL(url, "http://x.invalid").pathname.replace(/\/+$/, "") || "/";
}

/**
 * True when this document was not loaded at `pathname` but reached by in-app
 * navigation: it keeps the Content-Security-Policy and Permissions-Policy of
 * the page it was loaded at, and only the /counter document may use the
 * camera and compile the decoder's WebAssembly (docs/api.md#counter).
 */
export function needsOwnDocument(pathname: string): boolean {
  const entry = performance.getEntriesByType?.("navigation")[0];
  return entry !== undefined && pathOf(entry.name) !== pathOf(pathname);
}
