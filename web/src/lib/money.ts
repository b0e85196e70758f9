/**
 * How money is written in the browser, the one place for it: "$1,234.56",
 * "-$5.25", as Intl's en-US currency format writes it and as the server
 * writes it in e-mails and its first paint (internal/money). By hand: a
 * currency formatter costs a phone tens of milliseconds to create on first use.
 */
export function formatCents(cents: number): string {
  const c = Number.isFinite(cents) ? Math.round(cents) : 0;
  const abs = Math.abs(c);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${c < 0 ? "-" : ""}$${whole}.${String(abs % 100).padStart(2, "0")}`;
}

/** Dollars (as the API's webinar and coupon answers give them) written as formatCents writes cents. */
export function formatMoney(dollars: number): string {
  return formatCents(Math.round((Number.isFinite(dollars) ? dollars : 0) * 100));
}
