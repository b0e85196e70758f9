import { useQuery } from "@tanstack/react-query";
import { z } from "@/lib/zod";
import { api } from "@/lib/api";

/** GET /api/config: public settings the server exposes to the SPA. */
const appConfigSchema = z.object({
  timezone: z.string().default("America/Chicago"),
  storeUrl: z.string().default(""),
  /** 'test': the built-in test provider and our own card form; 'stripe': Stripe Elements. */
  paymentMode: z.string().default("test"),
  /** Stripe's publishable key (empty in test mode). */
  stripePublishableKey: z.string().nullish().transform((v) => v ?? ""),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const appConfigKeys = {
  all: ["config"] as const,
};

function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return api.get("/api/config", { schema: appConfigSchema, signal });
}

/** Server configuration; it does not change while the page is open. */
export function useAppConfig() {
  return useQuery({
    queryKey: appConfigKeys.all,
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
