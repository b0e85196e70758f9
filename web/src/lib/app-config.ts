import { useQuery, type QueryClient } from "@tanstack/react-query";
import { zm } from "@/lib/zod";
import { api } from "@/lib/api";

/** GET /api/config: public settings the server exposes to the SPA (zod/mini: see lib/zod.ts). */
const appConfigSchema = zm.object({
  timezone: zm._default(zm.string(), "America/Chicago"),
  storeUrl: zm._default(zm.string(), ""),
  /** 'test': the built-in test provider and our own card form; 'stripe': Stripe Elements; 'authorizenet': Accept.js. */
  paymentMode: zm._default(zm.string(), "test"),
  /** Stripe's publishable key (empty in test mode). */
  stripePublishableKey: zm.pipe(
    zm.nullish(zm.string()),
    zm.transform((v) => v ?? ""),
  ),
  /** Authorize.Net's public half (its Accept.js URL, API login id, public client key); absent with another provider. */
  authorizeNet: zm.pipe(
    zm.nullish(zm.object({ acceptJsUrl: zm.string(), apiLoginId: zm.string(), clientKey: zm.string() })),
    zm.transform((v) => v ?? null),
  ),
  /** The uploaded hero background, null when there is none (then the home page uses its built-in image). */
  heroUrl: zm.pipe(
    zm.nullish(zm.string()),
    zm.transform((v) => v || null),
  ),
  /** The wallets the store configured: only their "Add to … Wallet" buttons show (docs/api.md#wallet-passes). */
  wallets: zm._default(zm.object({ apple: zm.boolean(), google: zm.boolean() }), { apple: false, google: false }),
});
export type AppConfig = zm.infer<typeof appConfigSchema>;

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

/** Puts the config the server embedded in the page (GET /api/config's body) in the cache. */
export function primeAppConfig(client: QueryClient, body: unknown) {
  const parsed = zm.safeParse(appConfigSchema, body);
  if (parsed.success) client.setQueryData(appConfigKeys.all, parsed.data);
}
