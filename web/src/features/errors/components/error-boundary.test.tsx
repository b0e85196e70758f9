import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mockApi, renderApp } from "@/test/utils";
import { ErrorBoundary } from "./error-boundary";
import { PageErrorBoundary } from "./page-error-boundary";

function Boom(): never {
  throw new Error("kaboom");
}

describe("error screens", () => {
  it("the top-level boundary shows details and a reload button", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByText("Error details")).toBeInTheDocument();
    expect(screen.getByText(/Error: kaboom/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload Page" })).toBeInTheDocument();
  });

  it("a page error renders the error page", async () => {
    mockApi();
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderApp(
      <PageErrorBoundary>
        <Boom />
      </PageErrorBoundary>,
    );
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    await userEvent.click(screen.getByText("Error details"));
    expect(screen.getByText(/kaboom/, { selector: "pre" })).toBeVisible();
  });

  it("a page error clears when the page changes (the layout passes the path as resetKey)", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { rerender } = render(
      <PageErrorBoundary resetKey="/broken">
        <Boom />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    rerender(
      <PageErrorBoundary resetKey="/broken">
        <p>Fine page</p>
      </PageErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    rerender(
      <PageErrorBoundary resetKey="/webinars">
        <p>Fine page</p>
      </PageErrorBoundary>,
    );
    expect(screen.getByText("Fine page")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Something went wrong" })).not.toBeInTheDocument();
  });
});
