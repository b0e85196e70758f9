import { useState } from "react";
import { AdminPageHeader } from "@/components/layout/admin-page-header";
import { PageContainer } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { toastOnError } from "@/lib/query-meta";
import { useDocumentTitle } from "@/lib/use-document-title";
import type { AdminUser } from "../../api/admin-user-schemas";
import { useAdminUsers } from "../../api/get-admin-users";
import { useAuth } from "@/lib/auth/use-auth";
import { AdminUsersTable } from "./admin-users-table";
import { ChangePasswordDialog } from "./change-password-dialog";
import { DeleteUserDialog } from "./delete-user-dialog";
import { EditUserDialog } from "./edit-user-dialog";
import { EndSessionsDialog } from "./end-sessions-dialog";

const failedToFetchUsers = toastOnError(() => ["Error", "Failed to fetch users"]);

type Open = { dialog: "edit" | "password" | "delete" | "sessions"; user: AdminUser } | null;

/** "/admin/users" (admin only): edit, delete and set the password of any account (docs/product.md#roles-and-permissions, docs/product.md#admin-screens). */
export function AdminUsersPage() {
  useDocumentTitle("Manage Users");
  const { user: me } = useAuth();
  const users = useAdminUsers(failedToFetchUsers);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const userFor = (dialog: NonNullable<Open>["dialog"]) => (open?.dialog === dialog ? open.user : null);

  return (
    <PageContainer>
      <AdminPageHeader
        title="Manage Users"
        description="Edit accounts and roles, set a new password, or delete an account. Paid coupons stay valid when an account is deleted."
      />
      <AdminUsersTable
        users={users.data}
        isPending={users.isPending}
        isError={users.isError}
        currentUserId={me?.id}
        onEdit={(user) => setOpen({ dialog: "edit", user })}
        onChangePassword={(user) => setOpen({ dialog: "password", user })}
        onDelete={(user) => setOpen({ dialog: "delete", user })}
        onEndSessions={(user) => setOpen({ dialog: "sessions", user })}
      />
      {users.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void users.fetchNextPage()}
            disabled={users.isFetchingNextPage}
            aria-busy={users.isFetchingNextPage}
          >
            {users.isFetchingNextPage ? "Loading..." : "Load More"}
          </Button>
        </div>
      )}
      <EditUserDialog user={userFor("edit")} currentUserId={me?.id} onClose={close} />
      <ChangePasswordDialog user={userFor("password")} onClose={close} />
      <DeleteUserDialog user={userFor("delete")} onClose={close} />
      <EndSessionsDialog user={userFor("sessions")} onClose={close} />
    </PageContainer>
  );
}
