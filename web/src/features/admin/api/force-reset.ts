import { useMutation, useQuery } from "@tanstack/react-query";
import { z } from "@/lib/zod";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";

const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
});
export type ResetUser = z.infer<typeof userSchema>;

const userListSchema = z.object({ users: z.array(userSchema), has_more: z.boolean().optional() });

/** GET /api/admin/users (admin): the accounts to choose from, by e-mail (the server's first 500). */
export function useUsersForReset() {
  return useQuery({
    queryKey: ["admin", "reset-users"],
    queryFn: async ({ signal }) => (await api.get("/api/admin/users?limit=500", { schema: userListSchema, signal })).users,
    ...adminQueryFreshness,
  });
}

/**
 * POST /api/admin/registrations/reset (admin, 'Force Reset'): clears the
 * user's watched flag for the webinar (and an unpaid purchased flag).
 * 404 'Registration not found' when the user never registered.
 */
export function useForceReset() {
  return useMutation({
    mutationFn: ({ userId, webinarId }: { userId: string; webinarId: string }) =>
      api.post("/api/admin/registrations/reset", { webinar_id: webinarId, user_id: userId }),
  });
}
