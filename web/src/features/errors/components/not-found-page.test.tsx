import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockApi, renderApp } from "@/test/utils";
import { NotFoundPage } from "./not-found-page";

describe("NotFoundPage", () => {
  it("shows the heading and links, and logs the missing path", async () => {
    mockApi();
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    renderApp(<NotFoundPage />, { path: "*", initialEntries: ["/no/such/page"] });
    expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Browse Webinars" })).toHaveAttribute("href", "/webinars");
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining("404"), "/no/such/page");
  });
});
