import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { adminUserKeys } from "./admin-user-keys";

/**
 * DELETE /api/admin/users/{id} (admin), 'Delete': 204. The account is
 * anonymised and signed out everywhere; what it paid for stays. Refusals:
 * 409 `cannot_delete_self`, `last_admin`; 404 'User not found.'.
 */
function deleteUser(id: string): Promise<void> {
  return api.delete(`/api/admin/users/${encodeURIComponent(id)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}
