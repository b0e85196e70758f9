import { Navigate, useLocation } from "react-router";

/** /login is an alias of /auth (docs/product.md#deliberate-differences-from-the-original-product); the query string is kept. */
export function LoginRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: "/auth", search }} replace />;
}
