import { OctagonExclamationPoint, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack || `${error.name}: ${error.message}`;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}

/** 'Something went wrong' with the error details and 'Reload Page'. */
export function ErrorScreen({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : undefined;
  return (
    <div role="alert" className="flex flex-1 items-center justify-center px-4 py-20">
      <div className="w-full max-w-lg text-center">
        <OctagonExclamationPoint className="mx-auto size-12 text-accent-500" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-ink">Something went wrong</h1>
        <p className="mt-3 text-muted-foreground">
          An unexpected error stopped this page from loading. Reloading usually fixes it; if it keeps happening,
          please contact us.
        </p>
        {message && <p className="mt-2 text-sm font-medium text-foreground">{message}</p>}
        <details className="mt-6 rounded-lg border bg-muted/60 p-3 text-left text-sm">
          <summary className="cursor-pointer font-medium">Error details</summary>
          <pre className="mt-3 max-h-64 overflow-auto text-xs leading-relaxed whitespace-pre-wrap break-words text-zinc-700">
            {describe(error)}
          </pre>
        </details>
        <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Reload Page
        </Button>
      </div>
    </div>
  );
}
