import type { WebinarGiveaway } from "../api/schemas";

/**
 * A webinar's draw commitment: the SHA-256 of its secret seed, public from
 * the webinar's listing, and the seed once a draw revealed it.
 */
export function Commitment({ giveaway }: { giveaway: Pick<WebinarGiveaway, "commitment" | "seed"> }) {
  if (!giveaway.commitment) return null;
  return (
    <p className="text-xs break-all text-muted-foreground">
      Draw commitment (SHA-256 of the secret seed): <code>{giveaway.commitment}</code>
      {giveaway.seed && (
        <>
          {" "}
          · Seed, revealed by the draw: <code>{giveaway.seed}</code>
        </>
      )}
    </p>
  );
}
