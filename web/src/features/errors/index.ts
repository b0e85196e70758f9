export { ErrorBoundary } from "./components/error-boundary";
export { NotFoundPage } from "./components/not-found-page";
export { RootErrorPage, RouteErrorPage } from "./components/route-error-page";
