import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, mockApi, renderApp } from "@/test/utils";
import { DrawProofPage } from "./draw-proof-page";

const seed = "a".repeat(64);
const hash = "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881";

const draw = {
  id: "d1",
  webinar_id: "w1",
  title: "Range Day",
  drawn_at: "2027-02-14T00:30:00Z",
  trigger: "deadline",
  outcome: "winner",
  entries: 7,
  paid_entries: 4,
  free_entries: 3,
  entries_sha256: hash,
  winner: "Robin F.",
  proof_kind: "commit_reveal",
  commitment: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
  committed_at: "2026-11-01T00:00:00Z",
  seed,
  counter: 0,
  winner_index: 5,
  winner_entry_id: "e-6",
};

function renderDraw(body: unknown, status = 200) {
  mockApi(undefined, (url) => (url === "/api/giveaway/draws/d1" ? jsonResponse(body, status) : undefined));
  renderApp([{ path: "/giveaway/draws/:drawId", element: <DrawProofPage /> }], { initialEntries: ["/giveaway/draws/d1"] });
}

describe("DrawProofPage", () => {
  it("shows the proof and the commands that check it, with the draw's values filled in", async () => {
    renderDraw({ draw });
    expect(await screen.findByRole("heading", { name: "Giveaway draw: Range Day" })).toBeInTheDocument();
    const values = screen.getByText("Entries", { selector: "dt" }).closest("dl")!;
    for (const [term, value] of [
      ["Entries", "7"],
      ["Entry-list SHA-256", hash],
      ["Commitment", draw.commitment],
      ["Seed", seed],
      ["Counter", "0"],
      ["Winner's index", "5"],
      ["Winning entry", "e-6"],
    ]) {
      const dt = within(values).getByText(term, { selector: "dt" });
      expect(dt.nextElementSibling).toHaveTextContent(value);
    }
    expect(screen.getByText(/Winner: Robin F\./)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download the entry list" })).toHaveAttribute("href", "/api/giveaway/draws/d1/entries.txt");

    const steps = within(screen.getByRole("region", { name: "How to check this draw" })).getAllByRole("listitem");
    const code = steps.map((s) => s.querySelector("code")?.textContent);
    expect(code).toEqual([
      "sha256sum giveaway-entries-d1.txt",
      `printf '%s' ${seed} | sha256sum`,
      `printf '%s' ${seed}:${hash}:0 | sha256sum`,
      `echo "ibase=16; $(printf '%s' ${seed}:${hash}:0 | sha256sum | cut -c1-64 | tr a-f A-F) % 7" | bc`,
      "sed -n '6p' giveaway-entries-d1.txt",
    ]);
  });

  it("shows a re-pick's reason", async () => {
    renderDraw({ draw: { ...draw, trigger: "admin_repick", counter: 3, reason: "The winner did not claim within 14 days." } });
    expect(await screen.findByText(/, as a new winner\. Winner: Robin F\./)).toBeInTheDocument();
    expect(screen.getByText("The store's reason for a new winner: The winner did not claim within 14 days.")).toBeInTheDocument();
  });

  it("shows no reason for an automatic draw", async () => {
    renderDraw({ draw: { ...draw, reason: null } });
    expect(await screen.findByText(/on the draw date\. Winner: Robin F\./)).toBeInTheDocument();
    expect(screen.queryByText(/reason for a new winner/)).not.toBeInTheDocument();
  });

  it("marks an older draw and offers no recomputation", async () => {
    renderDraw({
      draw: { ...draw, proof_kind: "random", commitment: null, committed_at: null, seed: null, counter: null, winner_index: null },
    });
    expect(await screen.findByText(/An older draw, made before draws were committed to in advance/)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "How to check this draw" })).not.toBeInTheDocument();
    expect(screen.queryByText("Seed")).not.toBeInTheDocument();
  });

  it("says so when there is no such draw", async () => {
    renderDraw({ error: { code: "not_found", message: "Draw not found" } }, 404);
    expect(await screen.findByText("Could not load the draw.")).toBeInTheDocument();
    expect(screen.getByText("Draw not found")).toBeInTheDocument();
  });
});
