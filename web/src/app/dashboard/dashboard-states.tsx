import { RotateCw, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** An empty tab: what is missing and 'Browse Webinars' (docs/product.md#my-dashboard-dashboard). */
export function EmptyTab({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 bg-muted/50 px-6 py-12 text-center">
      <Icon className="size-10 text-zinc-400" aria-hidden="true" />
      <h2 className="text-lg font-bold text-ink">{title}</h2>
      <p className="max-w-md text-base text-muted-foreground">{children}</p>
      <Button asChild className="mt-2">
        <Link to="/webinars">Browse Webinars</Link>
      </Button>
    </div>
  );
}

/** A tab whose list failed to load: docs/product.md#texts-users-see's sentence and a way to try again. */
export function TabError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <Alert variant="destructive">
      <AlertDescription>
        <p>{message}</p>
        <div>
          <Button variant="outline" size="sm" className="mt-2" onClick={onRetry} disabled={retrying}>
            <RotateCw aria-hidden="true" />
            Try Again
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
