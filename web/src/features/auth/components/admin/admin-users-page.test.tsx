import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { notify } from "@/lib/toast";
import { adminSession, jsonResponse, mockApi, renderApp } from "@/test/utils";
import type { AdminUser } from "../../api/admin-user-schemas";
import { AdminUsersPage } from "./admin-users-page";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response> | undefined;

const admin: AdminUser = {
  id: "a1",
  email: "admin@example.com",
  firstName: "Ada",
  lastName: "Min",
  phoneNumber: "6305550100",
  role: "admin",
};
const sam: AdminUser = {
  id: "u2",
  email: "sam@example.com",
  firstName: "Sam",
  lastName: "Carter",
  phoneNumber: "630-555-0199",
  role: "user",
};
const noPhone: AdminUser = { id: "u3", email: "ops@example.com", firstName: "", lastName: "", phoneNumber: "", role: "user" };

const err = (status: number, code: string, message: string, field?: string) =>
  jsonResponse({ error: { code, message, ...(field ? { field } : {}) } }, status);

/** GET /api/admin/users from a mutable list; `extra` answers the rest first. */
function api(users: AdminUser[], extra?: Handler) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const handler: Handler = (url, init) => {
    const method = init.method ?? "GET";
    if (url.startsWith("/api/admin/users")) {
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    }
    const custom = extra?.(url, init);
    if (custom) return custom;
    if (url.startsWith("/api/admin/users?") && method === "GET") return jsonResponse({ users, has_more: false });
    return undefined;
  };
  return { handler, calls };
}

function renderPage(handler: Handler) {
  const fetchMock = mockApi(adminSession, handler);
  return { ...renderApp(<AdminUsersPage />, { path: "/admin/users", initialEntries: ["/admin/users"] }), fetchMock };
}

const rowOf = async (email: string) => (await screen.findByRole("rowheader", { name: new RegExp(email) })).closest("tr")!;

beforeEach(() => notify.dismiss());

describe("AdminUsersPage table", () => {
  it("lists accounts with the columns of docs/product.md#admin-screens and links back to the admin dashboard", async () => {
    renderPage(api([admin, sam, noPhone]).handler);
    expect(await screen.findByRole("heading", { level: 1, name: "Manage Users" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute("href", "/admin");
    const table = await screen.findByRole("table", { name: "Users" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Email",
      "First Name",
      "Last Name",
      "Phone",
      "Role",
      "Actions",
    ]);
    const row = await rowOf(sam.email);
    expect(within(row).getByRole("cell", { name: "Sam" })).toBeInTheDocument();
    expect(within(row).getByRole("cell", { name: "Carter" })).toBeInTheDocument();
    expect(within(row).getByRole("cell", { name: "630-555-0199" })).toBeInTheDocument();
    expect(within(row).getByText("user")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: `Edit ${sam.email}` })).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: `Change password for ${sam.email}` })).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: `Delete ${sam.email}` })).toBeInTheDocument();
    const me = await rowOf(admin.email);
    expect(within(me).getByText("admin")).toBeInTheDocument();
    expect(within(me).getByText("You")).toBeInTheDocument();
    expect(within(await rowOf(noPhone.email)).getAllByText("Not given")).toHaveLength(3);
  });

  it("pages with Load More by the server's cursor, never by offset", async () => {
    renderPage((url) => {
      const u = new URL(url, "http://test");
      if (u.pathname !== "/api/admin/users") return undefined;
      expect(u.searchParams.has("offset")).toBe(false);
      const cursor = u.searchParams.get("cursor");
      if (cursor === null) return jsonResponse({ users: [admin], has_more: true, next_cursor: "after-admin" });
      return cursor === "after-admin"
        ? jsonResponse({ users: [sam], has_more: false, next_cursor: null })
        : err(400, "validation_failed", "cursor is not valid", "cursor");
    });
    await rowOf(admin.email);
    await userEvent.click(screen.getByRole("button", { name: "Load More" }));
    await rowOf(sam.email);
    expect(screen.queryByRole("button", { name: "Load More" })).not.toBeInTheDocument();
  });

  it("says 'Loading users...' while loading", async () => {
    renderPage((url) => (url.startsWith("/api/admin/users") ? new Promise<Response>(() => {}) : undefined));
    expect(await screen.findByText("Loading users...")).toBeInTheDocument();
  });

  it("shows the 'Error' toast 'Failed to fetch users' when the list fails", async () => {
    renderPage((url) => (url.startsWith("/api/admin/users") ? err(500, "internal", "Boom") : undefined));
    expect(await screen.findByText("Error")).toBeInTheDocument();
    expect(await screen.findAllByText(/Failed to fetch users/)).not.toHaveLength(0);
  });
});

describe("Edit dialog", () => {
  it("opens filled in, closes on Cancel without saving", async () => {
    const { handler, calls } = api([admin, sam]);
    renderPage(handler);
    await userEvent.click(within(await rowOf(sam.email)).getByRole("button", { name: `Edit ${sam.email}` }));
    const dialog = await screen.findByRole("dialog", { name: "Edit User" });
    const d = within(dialog);
    expect(d.getByLabelText("Email")).toHaveValue(sam.email);
    expect(d.getByLabelText("First Name")).toHaveValue("Sam");
    expect(d.getByLabelText("Last Name")).toHaveValue("Carter");
    expect(d.getByLabelText("Phone")).toHaveValue("630-555-0199");
    expect(d.getByLabelText("Role")).toHaveValue("user");
    expect(within(d.getByLabelText("Role")).getAllByRole("option").map((o) => [(o as HTMLOptionElement).value, o.textContent])).toEqual([
      ["user", "User"],
      ["staff", "Staff"],
      ["admin", "Admin"],
    ]);
    await userEvent.click(d.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
  });

  it("saves every field and the role, then closes and refreshes the list", async () => {
    const users = [admin, { ...sam }];
    const { handler, calls } = api(users, (url, init) => {
      if (url === `/api/admin/users/${sam.id}` && init.method === "PUT") {
        Object.assign(users[1], JSON.parse(String(init.body)));
        return jsonResponse({ user: users[1] });
      }
      return undefined;
    });
    renderPage(handler);
    await userEvent.click(within(await rowOf(sam.email)).getByRole("button", { name: `Edit ${sam.email}` }));
    const d = within(await screen.findByRole("dialog", { name: "Edit User" }));
    await userEvent.clear(d.getByLabelText("First Name"));
    await userEvent.type(d.getByLabelText("First Name"), "  Samuel ");
    await userEvent.selectOptions(d.getByLabelText("Role"), "Staff");
    expect(d.getByText("Staff check and redeem coupons at the counter; they cannot open the admin area.")).toBeInTheDocument();
    await userEvent.click(d.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      email: sam.email,
      firstName: "Samuel",
      lastName: "Carter",
      phoneNumber: "630-555-0199",
      role: "staff",
    });
    const row = await rowOf(sam.email);
    expect(await within(row).findByRole("cell", { name: "Samuel" })).toBeInTheDocument();
    expect(within(row).getByText("staff")).toBeInTheDocument();
  });

  it("shows the sign-up rules before sending", async () => {
    const { handler, calls } = api([admin, sam]);
    renderPage(handler);
    await userEvent.click(within(await rowOf(sam.email)).getByRole("button", { name: `Edit ${sam.email}` }));
    const d = within(await screen.findByRole("dialog", { name: "Edit User" }));
    await userEvent.clear(d.getByLabelText("Email"));
    await userEvent.type(d.getByLabelText("Email"), "not-an-email");
    await userEvent.clear(d.getByLabelText("First Name"));
    await userEvent.clear(d.getByLabelText("Last Name"));
    await userEvent.clear(d.getByLabelText("Phone"));
    await userEvent.type(d.getByLabelText("Phone"), "123");
    await userEvent.click(d.getByRole("button", { name: "Save Changes" }));
    expect(await d.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(d.getByText("First name is required")).toBeInTheDocument();
    expect(d.getByText("Last name is required")).toBeInTheDocument();
    expect(d.getByText("Phone number is required")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
  });

  it("shows 'Error updating user: …' with the server's message and keeps the dialog open", async () => {
    renderPage(
      api([admin, sam], (url, init) =>
        url === `/api/admin/users/${sam.id}` && init.method === "PUT"
          ? err(409, "email_taken", "An account with this email already exists.", "email")
          : undefined,
      ).handler,
    );
    await userEvent.click(within(await rowOf(sam.email)).getByRole("button", { name: `Edit ${sam.email}` }));
    const dialog = await screen.findByRole("dialog", { name: "Edit User" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Error updating user: An account with this email already exists.",
    );
    expect(within(dialog).getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
  });

  it("shows the last-admin refusal when the only admin demotes themselves", async () => {
    const message = "This is the last admin account. Make another user an admin first.";
    renderPage(
      api([admin, sam], (url, init) =>
        url === `/api/admin/users/${admin.id}` && init.method === "PUT" ? err(409, "last_admin", message) : undefined,
      ).handler,
    );
    await userEvent.click(within(await rowOf(admin.email)).getByRole("button", { name: `Edit ${admin.email}` }));
    const d = within(await screen.findByRole("dialog", { name: "Edit User" }));
    await userEvent.selectOptions(d.getByLabelText("Role"), "user");
    expect(d.getByText(/This is your own account/)).toBeInTheDocument();
    await userEvent.click(d.getByRole("button", { name: "Save Changes" }));
    expect(await d.findByRole("alert")).toHaveTextContent(`Error updating user: ${message}`);
  });
});

describe("Change Password dialog", () => {
  async function open(handler: Handler) {
    renderPage(handler);
    await userEvent.click(
      within(await rowOf(sam.email)).getByRole("button", { name: `Change password for ${sam.email}` }),
    );
    return within(await screen.findByRole("dialog", { name: "Change Password" }));
  }

  it("keeps Save disabled while the new password is empty, and closes on Cancel", async () => {
    const { handler, calls } = api([admin, sam]);
    const d = await open(handler);
    const save = d.getByRole("button", { name: "Save" });
    expect(save).toBeDisabled();
    await userEvent.type(d.getByLabelText("New Password"), "x");
    expect(save).toBeEnabled();
    await userEvent.clear(d.getByLabelText("New Password"));
    expect(save).toBeDisabled();
    await userEvent.click(d.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("applies the sign-up password rule", async () => {
    const { handler, calls } = api([admin, sam]);
    const d = await open(handler);
    await userEvent.type(d.getByLabelText("New Password"), "abc");
    await userEvent.click(d.getByRole("button", { name: "Save" }));
    expect(await d.findByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("says 'Password changed successfully!' and closes", async () => {
    const { handler, calls } = api([admin, sam], (url, init) =>
      url === `/api/admin/users/${sam.id}/password` && init.method === "POST" ? new Response(null, { status: 204 }) : undefined,
    );
    const d = await open(handler);
    await userEvent.type(d.getByLabelText("New Password"), "new-secret-1");
    await userEvent.click(d.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Password changed successfully!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ newPassword: "new-secret-1" });
  });

  it("shows 'Error changing password: …' with a readable message when the answer is not JSON", async () => {
    const d = await open(
      api([admin, sam], (url, init) =>
        url === `/api/admin/users/${sam.id}/password` && init.method === "POST"
          ? new Response("<html>bad gateway</html>", { status: 502 })
          : undefined,
      ).handler,
    );
    await userEvent.type(d.getByLabelText("New Password"), "new-secret-1");
    await userEvent.click(d.getByRole("button", { name: "Save" }));
    expect(await d.findByRole("alert")).toHaveTextContent(
      "Error changing password: The server had a problem. Please try again in a moment.",
    );
  });
});

describe("Delete dialog", () => {
  it("asks first; Cancel keeps the account", async () => {
    const { handler, calls } = api([admin, sam]);
    renderPage(handler);
    await userEvent.click(within(await rowOf(sam.email)).getByRole("button", { name: `Delete ${sam.email}` }));
    const dialog = await screen.findByRole("alertdialog", { name: "Are you sure you want to delete this user?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(0);
  });

  it("deletes, closes and drops the row", async () => {
    let users = [admin, sam];
    const { handler } = api([], (url, init) => {
      if (url === `/api/admin/users/${sam.id}` && init.method === "DELETE") {
        users = [admin];
        return new Response(null, { status: 204 });
      }
      if (url.startsWith("/api/admin/users?")) return jsonResponse({ users, has_more: false });
      return undefined;
    });
    renderPage(handler);
    await userEvent.click(within(await rowOf(sam.email)).getByRole("button", { name: `Delete ${sam.email}` }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete User" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole("rowheader", { name: /sam@example.com/ })).not.toBeInTheDocument());
  });

  it("shows 'Error deleting user: …' for the admin's own account", async () => {
    const message = "You can't delete your own account. Ask another admin to do it.";
    renderPage(
      api([admin, sam], (url, init) =>
        url === `/api/admin/users/${admin.id}` && init.method === "DELETE"
          ? err(409, "cannot_delete_self", message)
          : undefined,
      ).handler,
    );
    await userEvent.click(within(await rowOf(admin.email)).getByRole("button", { name: `Delete ${admin.email}` }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete User" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(`Error deleting user: ${message}`);
    // Behind the dialog (hidden from assistive tech while it is open), the row is still there.
    expect(screen.getByRole("rowheader", { name: /admin@example.com/, hidden: true })).toBeInTheDocument();
  });
});
