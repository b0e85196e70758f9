import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { adminUserKeys } from "./admin-user-keys";
import { adminUserResponseSchema, type EditUserInput } from "./admin-user-schemas";
import { authKeys } from "@/lib/auth/keys";

/**
 * PUT /api/admin/users/{id} (admin), 'Edit': every field and the role.
 * Refusals: 400 naming the field, 409 `email_taken` (field email), 409
 * `last_admin`, 404 'User not found.'.
 */
function updateUser({ id, input }: { id: string; input: EditUserInput }) {
  return api.put(`/api/admin/users/${encodeURIComponent(id)}`, input, { schema: adminUserResponseSchema });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
        // The admin may have edited (or demoted) themselves: header and guards read the session.
        queryClient.invalidateQueries({ queryKey: authKeys.session() }),
      ]),
  });
}
