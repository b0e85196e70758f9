import { House, Video } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Catch-all route: 'Oops! Page not found'; the missing path is logged. */
export function NotFoundPage() {
  useDocumentTitle("Page not found");
  const location = useLocation();

  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  }, [location.pathname]);

  return (
    <div className="flex flex-1 items-center justify-center px-4 py-20">
      <div className="max-w-md text-center">
        <p className="text-7xl font-black tracking-tight text-accent-500" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-ink">Oops! Page not found</h1>
        <p className="mt-3 text-muted-foreground">
          The page you are looking for doesn't exist or has moved. Check the address, or head back to our webinars.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/">
              <House aria-hidden="true" />
              Return to Home
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/webinars">
              <Video aria-hidden="true" />
              Browse Webinars
            </Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
