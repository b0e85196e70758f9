import { Navigate, useLocation } from "react-router";

/** /login is an alias of /auth (DESIGN.md §4); the query string is kept. */
export function LoginRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: "/auth", search }} replace />;
}
