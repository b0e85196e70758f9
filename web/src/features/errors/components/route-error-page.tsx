import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorScreen } from "./error-screen";
import { NotFoundPage } from "./not-found-page";

/** errorElement for routes: 404 responses show the 404 page, the rest the error screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error)) {
    return <ErrorScreen error={new Error(`${error.status} ${error.statusText}`)} />;
  }
  return <ErrorScreen error={error} />;
}

/** Root-level errorElement: no header (the auth context may be what failed). */
export function RootErrorPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <RouteErrorPage />
    </div>
  );
}
