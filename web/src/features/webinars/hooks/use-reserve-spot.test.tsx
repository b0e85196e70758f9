import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { authKeys } from "@/lib/auth/keys";
import { REDIRECT_AFTER_AUTH_KEY } from "@/lib/redirect";
import { ReserveSpotContext } from "@/lib/reserve-spot";
import { mockApi, renderApp, userSession } from "@/test/utils";
import { useReserveSpot } from "./use-reserve-spot";

function ReserveButton() {
  const reserve = useReserveSpot();
  return (
    <button type="button" onClick={() => reserve({ id: "w3", title: "Range Day Prep" })}>
      Reserve Spot
    </button>
  );
}

async function sessionLoaded(queryClient: QueryClient) {
  await waitFor(() => expect(queryClient.getQueryState(authKeys.session())?.status).toBe("success"));
}

function renderWithOpener(session = userSession) {
  mockApi(session);
  const open = vi.fn();
  const utils = renderApp(
    <ReserveSpotContext.Provider value={open}>
      <ReserveButton />
    </ReserveSpotContext.Provider>,
    { initialEntries: ["/webinars"], path: "/webinars" },
  );
  return { ...utils, open };
}

describe("useReserveSpot", () => {
  it("opens the registration dialog for a signed-in user", async () => {
    const { open, queryClient, router } = renderWithOpener();
    await sessionLoaded(queryClient);
    await userEvent.click(screen.getByRole("button", { name: "Reserve Spot" }));
    expect(open).toHaveBeenCalledWith({ id: "w3", title: "Range Day Prep" });
    expect(router.state.location.pathname).toBe("/webinars");
  });

  it("sends an anonymous visitor to /auth?webinarId with 'Login Required', remembering the webinar", async () => {
    const { open, queryClient, router } = renderWithOpener({ user: null, profile: null });
    await sessionLoaded(queryClient);
    await userEvent.click(screen.getByRole("button", { name: "Reserve Spot" }));
    expect(open).not.toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.search).toBe("?webinarId=w3");
    expect(sessionStorage.getItem(REDIRECT_AFTER_AUTH_KEY)).toBe("/webinar/w3");
    expect(await screen.findByText("Login Required")).toBeInTheDocument();
    expect(screen.getByText("Please log in to register for webinars")).toBeInTheDocument();
  });

  it("does nothing while the session check is still running", async () => {
    mockApi(userSession, (url) => (url === "/api/auth/session" ? new Promise<Response>(() => {}) : undefined));
    const open = vi.fn();
    const { router } = renderApp(
      <ReserveSpotContext.Provider value={open}>
        <ReserveButton />
      </ReserveSpotContext.Provider>,
      { initialEntries: ["/webinars"], path: "/webinars" },
    );
    await userEvent.click(screen.getByRole("button", { name: "Reserve Spot" }));
    expect(open).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/webinars");
  });
});
