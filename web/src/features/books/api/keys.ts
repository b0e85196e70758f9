/** Query keys of the books feature (reports and the audit log). */
export const bookKeys = {
  all: ["books"] as const,
  report: (query: string) => [...bookKeys.all, "report", query] as const,
  audit: (query: string) => [...bookKeys.all, "audit", query] as const,
  counter: (day: string) => [...bookKeys.all, "counter", day] as const,
  unclaimed: () => [...bookKeys.all, "unclaimed"] as const,
};
