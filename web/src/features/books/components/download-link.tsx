import { Download } from "lucide-react";

/** A CSV download of the books, as a link (the browser saves it; the server audits it). */
export function DownloadLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex h-10 items-center gap-2 rounded-md border bg-background px-4 text-sm font-medium text-ink shadow-xs hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <Download aria-hidden="true" className="size-4" />
      {label} (CSV)
    </a>
  );
}
