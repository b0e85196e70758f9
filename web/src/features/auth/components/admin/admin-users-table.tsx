import { KeyRound, LogOut, Pencil, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { AdminTable, responsiveCell } from "@/components/ui/admin-table";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { AdminUser } from "../../api/admin-user-schemas";

type AdminUsersTableProps = {
  users: AdminUser[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** The signed-in admin, marked "You". */
  currentUserId?: string;
  onEdit: (user: AdminUser) => void;
  onChangePassword: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
  onEndSessions: (user: AdminUser) => void;
};

const COLUMNS = ["Email", "First Name", "Last Name", "Phone", "Role", "Actions"] as const;

function Blank() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not given</span>
    </span>
  );
}

/** The role in words: admin stands out, staff is marked, anything else reads "user". */
function RoleBadge({ role }: { role: string }) {
  if (role === "admin") return <Badge variant="default">admin</Badge>;
  if (role === "staff") return <Badge variant="info">staff</Badge>;
  return <Badge variant="muted">user</Badge>;
}

/** Every account, by e-mail (docs/product.md#admin-screens), with Edit, Change Password, End All Sessions and Delete. */
export function AdminUsersTable({
  users,
  isPending,
  isError,
  currentUserId,
  onEdit,
  onChangePassword,
  onDelete,
  onEndSessions,
}: AdminUsersTableProps) {
  return (
    <AdminTable
      caption="Users"
      columns={COLUMNS}
      className="sm:min-w-[820px]"
      rows={users}
      isPending={isPending}
      isError={isError && !users}
      loading="Loading users..."
      error="Failed to fetch users. Please try again later."
      empty="No users found."
      renderRow={(u) => (
              <tr
                key={u.id}
                className="align-middle hover:bg-zinc-50/70 max-sm:grid max-sm:grid-cols-2 max-sm:items-start max-sm:gap-x-4 max-sm:gap-y-3 max-sm:p-4"
              >
                <th scope="row" className="px-4 py-3 font-semibold break-all text-ink max-sm:col-span-2 max-sm:p-0">
                  {u.email}
                  {u.id === currentUserId && (
                    <Badge variant="outline" className="ml-2 align-middle">
                      You
                    </Badge>
                  )}
                </th>
                <td data-label="First Name" className={responsiveCell}>
                  {u.firstName || <Blank />}
                </td>
                <td data-label="Last Name" className={responsiveCell}>
                  {u.lastName || <Blank />}
                </td>
                <td data-label="Phone" className={cn(responsiveCell, "whitespace-nowrap")}>
                  {u.phoneNumber || <Blank />}
                </td>
                <td data-label="Role" className={responsiveCell}>
                  <RoleBadge role={u.role} />
                </td>
                <td className="px-4 py-3 max-sm:col-span-2 max-sm:p-0">
                  <div className="flex gap-1 sm:justify-end max-sm:-ml-2">
                    <Button variant="ghost" size="icon" aria-label={`Edit ${u.email}`} title="Edit" onClick={() => onEdit(u)}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Change password for ${u.email}`}
                      title="Change Password"
                      onClick={() => onChangePassword(u)}
                    >
                      <KeyRound aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`End all sessions of ${u.email}`}
                      title="End All Sessions"
                      onClick={() => onEndSessions(u)}
                    >
                      <LogOut aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${u.email}`}
                      title="Delete"
                      className="text-accent-600 hover:bg-accent-50 hover:text-accent-700"
                      onClick={() => onDelete(u)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </td>
              </tr>
      )}
    />
  );
}
