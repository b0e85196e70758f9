/** The periods the report offers (docs/api.md#reports), in the store's time zone. */
export const PERIODS = [
  { value: "this_month", label: "This month" },
  { value: "last_month", label: "Last month" },
  { value: "this_year", label: "This year" },
  { value: "custom", label: "Custom" },
] as const;

export type PeriodName = (typeof PERIODS)[number]["value"];

export type PeriodChoice = { period: PeriodName; from: string; to: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The period a URL's search parameters name (this month by default). */
export function periodFromParams(params: URLSearchParams): PeriodChoice {
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const named = PERIODS.find((p) => p.value === params.get("period"))?.value;
  if ((named === "custom" || !named) && DATE.test(from) && DATE.test(to)) return { period: "custom", from, to };
  return { period: named && named !== "custom" ? named : "this_month", from, to };
}

/** The query string the API takes for a period: its name, or a custom range of days. */
export function periodQuery(p: PeriodChoice): string {
  const q = new URLSearchParams({ period: p.period });
  if (p.period === "custom") {
    q.set("from", p.from);
    q.set("to", p.to);
  }
  return q.toString();
}

