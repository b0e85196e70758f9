import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { abbreviateMonth, StackedDateTime } from "./stacked-date-time";

describe("StackedDateTime", () => {
  it("shows the date over the time and reads as one phrase", () => {
    render(
      <p>
        <StackedDateTime text="November 22, 2026 at 8:04 AM CST" />
      </p>,
    );
    expect(screen.getByText("November 22, 2026 at 8:04 AM CST")).toHaveClass("sr-only");
    expect(screen.getByText("November 22, 2026")).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByText("8:04 AM CST")).toHaveAttribute("aria-hidden", "true");
  });

  it("abbreviates the month on request and keeps the full text as the tooltip", () => {
    render(<StackedDateTime text="September 2, 2026 at 12:00 PM CDT" shortMonth />);
    expect(screen.getByText("Sep 2, 2026")).toBeInTheDocument();
    expect(screen.getByTitle("September 2, 2026 at 12:00 PM CDT")).toBeInTheDocument();
  });

  it("shows text that is not a formatted date as it is", () => {
    render(<StackedDateTime text="not a date" />);
    expect(screen.getByText("not a date")).toBeInTheDocument();
  });

  it("abbreviates English month names only", () => {
    expect(abbreviateMonth("May 1, 2026")).toBe("May 1, 2026");
    expect(abbreviateMonth("December 31, 2099")).toBe("Dec 31, 2099");
    expect(abbreviateMonth("2026-12-31")).toBe("2026-12-31");
  });
});
