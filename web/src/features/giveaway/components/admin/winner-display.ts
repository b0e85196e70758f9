import type { Winner } from "../../api/schemas";

/** The winner's name, or null when only the e-mail is known (or nothing: a deleted account). */
export function winnerName(winner: Winner): string | null {
  const name = [winner.first_name, winner.last_name].filter(Boolean).join(" ").trim();
  return name || null;
}

/** How the winner is named in messages: name, else e-mail, else 'Unknown'. */
export function winnerLabel(winner: Winner): string {
  return winnerName(winner) ?? winner.email ?? "Unknown";
}

/** The webinar's title, or 'Unknown Webinar' when it is gone (docs/product.md#admin-screens). */
export function webinarLabel(winner: Winner): string {
  return winner.webinar_title ?? "Unknown Webinar";
}
