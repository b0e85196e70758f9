import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "@/lib/zod";
import { api } from "@/lib/api";
import { retryTransient } from "@/lib/retry";

const statusSchema = z.object({
  engine: z.string(),
  migration_version: z.number(),
  coupons: z.number(),
  registrations: z.number(),
});
export type MigrationStatus = z.infer<typeof statusSchema>;

const runResultSchema = z.object({
  success: z.boolean(),
  migrated: z.number(),
  linked: z.number(),
  rederived: z.number(),
  unknown: z.number(),
  linked_codes: z.array(z.string()),
});
export type MigrationResult = z.infer<typeof runResultSchema>;

const migrationKeys = { status: ["migration", "status"] as const };

/** GET /api/migration/status (signed in): the database-status card; always fresh. */
export function useMigrationStatus() {
  return useQuery({
    queryKey: migrationKeys.status,
    queryFn: ({ signal }) => api.get("/api/migration/status", { schema: statusSchema, signal }),
    staleTime: 0,
    retry: retryTransient(1),
  });
}

/**
 * POST /api/migration/run with the browser's coupons (at most 200). The
 * server only links codes it already issued to this user and writes nothing
 * else, so a repeat is harmless.
 */
export function useRunMigration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (coupons: Record<string, unknown>[]) =>
      api.post("/api/migration/run", { coupons }, { schema: runResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: migrationKeys.status }),
  });
}
