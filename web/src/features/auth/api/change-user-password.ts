import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/**
 * POST /api/admin/users/{id}/password (admin), 'Change Password'
 * (docs/product.md#admin-screens): 204. It ends the account's other sessions.
 * Refusals: 400 'Password must be at least 6 characters' (field
 * newPassword); 404 'User not found.'; 503 `busy`.
 */
function changeUserPassword({ id, newPassword }: { id: string; newPassword: string }): Promise<void> {
  return api.post(`/api/admin/users/${encodeURIComponent(id)}/password`, { newPassword });
}

export function useChangeUserPassword() {
  return useMutation({ mutationFn: changeUserPassword });
}
