export { ErrorBoundary } from "./components/error-boundary";
export { NotFoundPage } from "./components/not-found-page";
export { PageErrorBoundary } from "./components/page-error-boundary";
