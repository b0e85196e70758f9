import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { flushSync } from "react-dom";
// Not "react-router/dom": under Vitest it resolves to another copy of the
// router context. Passing flushSync gives the same behaviour as the app's.
import {
  MemoryRouter,
  Route,
  RouterProvider,
  Routes,
  createMemoryRouter,
  type InitialEntry,
  type RouteObject,
} from "react-router";
import { vi } from "vitest";
import { AppProviders, RouteProviders } from "@/app/providers";
import { errorToastCaches } from "@/app/query-client";
import type { Session } from "@/lib/auth/session-schemas";

const anonymousSession: Session = { user: null, profile: null };

export const userSession: Session = {
  user: { id: "u1", email: "jane@example.com" },
  profile: { id: "u1", email: "jane@example.com", role: "user", firstName: "Jane", lastName: "Doe", phoneNumber: "6305550100" },
};

export const adminSession: Session = {
  user: { id: "a1", email: "admin@example.com" },
  profile: { id: "a1", email: "admin@example.com", role: "admin", firstName: "Ada", lastName: "Min", phoneNumber: null },
};

export const staffSession: Session = {
  user: { id: "s1", email: "clerk@example.com" },
  profile: { id: "s1", email: "clerk@example.com", role: "staff", firstName: "Rita", lastName: "Clerk", phoneNumber: null },
};

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response | undefined> | undefined;

/**
 * Replaces fetch. `handler` answers first; anything it leaves (undefined) gets
 * the defaults: the given session and a plain /api/config.
 */
export function mockApi(session: Session = anonymousSession, handler?: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const custom = await handler?.(url, init);
    if (custom) return custom;
    if (url === "/api/auth/session") return jsonResponse(session);
    if (url === "/api/config") return jsonResponse({ timezone: "America/Chicago", storeUrl: "", paymentMode: "test" });
    return jsonResponse({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function testQueryClient() {
  return new QueryClient({
    ...errorToastCaches(),
    // retryDelay 0: queries that set their own retry count (docs/product.md#timings-and-constants) fail fast in tests.
    defaultOptions: { queries: { retry: false, retryDelay: 0, networkMode: "always" }, mutations: { retry: false } },
  });
}

/**
 * Renders app routes (or one element at `path`) inside all providers and a
 * memory router. `strict`: under StrictMode at the root, as app/start.tsx renders
 * the app (effects of the first mount run twice).
 */
export function renderApp(
  routesOrElement: RouteObject[] | ReactElement,
  {
    initialEntries = ["/"],
    path = "/",
    strict = false,
  }: { initialEntries?: InitialEntry[]; path?: string; strict?: boolean } = {},
) {
  const children: RouteObject[] = Array.isArray(routesOrElement)
    ? routesOrElement
    : [
        { path, element: routesOrElement },
        { path: "*", element: <p>Other page</p> },
      ];
  const router = createMemoryRouter([{ element: <RouteProviders />, children }], { initialEntries });
  const queryClient = testQueryClient();
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
    </AppProviders>,
    { reactStrictMode: strict },
  );
  return { ...utils, router, queryClient };
}

/**
 * Renders routes inside all providers under a declarative MemoryRouter, the kind of router the
 * app ships (BrowserRouter, app/start.tsx): unlike renderApp's data router, `useNavigate` there
 * gives a new function on every page, which re-runs effects that depend on it.
 */
export function renderAppDeclarative(
  routes: { path: string; element: ReactElement }[],
  { initialEntries = ["/"] }: { initialEntries?: InitialEntry[] } = {},
) {
  return render(
    <AppProviders queryClient={testQueryClient()}>
      <MemoryRouter initialEntries={initialEntries}>
        <Routes>
          <Route element={<RouteProviders />}>
            {routes.map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}
