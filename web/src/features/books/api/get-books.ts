import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { bookKeys } from "./keys";
import { counterDaySchema, unclaimedSchema } from "./schemas";

/** GET /api/admin/reports/counter?day=YYYY-MM-DD (admin): the counter's summary of a store day. */
export function useCounterDay(day: string) {
  return useQuery({
    queryKey: bookKeys.counter(day),
    queryFn: ({ signal }) =>
      api.get(`/api/admin/reports/counter?${new URLSearchParams({ day })}`, { schema: counterDaySchema, signal }),
    placeholderData: keepPreviousData,
    ...adminQueryFreshness,
  });
}

/** GET /api/admin/reports/unclaimed (admin): the unclaimed-property list now (audited: customer data). */
export function useUnclaimed(enabled: boolean) {
  return useQuery({
    queryKey: bookKeys.unclaimed(),
    queryFn: ({ signal }) => api.get("/api/admin/reports/unclaimed", { schema: unclaimedSchema, signal }),
    enabled,
    ...adminQueryFreshness,
  });
}
