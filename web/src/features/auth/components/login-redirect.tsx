import { Navigate, useLocation } from "react-router";

/** /login is an alias of /auth (docs/product.md §12); the query string is kept. */
export function LoginRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: "/auth", search }} replace />;
}
