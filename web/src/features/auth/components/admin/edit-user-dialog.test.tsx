import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { notify } from "@/lib/toast";
import { adminSession, jsonResponse, mockApi, renderApp } from "@/test/utils";
import type { AdminUser } from "../../api/admin-user-schemas";
import { EditUserDialog } from "./edit-user-dialog";

// As `watchwin user add --email … --password …` makes it: no names, no phone.
const cliAccount: AdminUser = { id: "u3", email: "ops@example.com", firstName: "", lastName: "", phoneNumber: "", role: "user" };
// As --demo makes its admin: names, no phone.
const demoAdmin: AdminUser = { id: "a9", email: "admin@demo.example", firstName: "Demo", lastName: "Admin", phoneNumber: "", role: "admin" };

/** Renders the dialog for `user`; PUTs answer with the sent fields. */
function renderDialog(user: AdminUser) {
  const sent: unknown[] = [];
  mockApi(adminSession, (url, init) => {
    if (url === `/api/admin/users/${user.id}` && init.method === "PUT") {
      const body = JSON.parse(String(init.body));
      sent.push(body);
      return jsonResponse({ user: { ...user, ...body } });
    }
    return undefined;
  });
  const onClose = vi.fn();
  renderApp(<EditUserDialog user={user} onClose={onClose} />);
  return { sent, onClose };
}

beforeEach(() => notify.dismiss());

describe("Edit dialog of an account with empty profile fields", () => {
  it("saves a changed first name of an account made on the command line, leaving the rest empty", async () => {
    const { sent, onClose } = renderDialog(cliAccount);
    const d = within(await screen.findByRole("dialog", { name: "Edit User" }));
    expect(d.getByLabelText("First Name (optional)")).toHaveValue("");
    expect(d.getByLabelText("Last Name (optional)")).toHaveValue("");
    expect(d.getByLabelText("Phone (optional)")).toHaveValue("");
    await userEvent.type(d.getByLabelText("First Name (optional)"), "Olive");
    await userEvent.click(d.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ email: cliAccount.email, firstName: "Olive", lastName: "", phoneNumber: "", role: "user" }]);
  });

  it("keeps the fields the account has required and still checks a phone that is given", async () => {
    const { sent } = renderDialog(demoAdmin);
    const d = within(await screen.findByRole("dialog", { name: "Edit User" }));
    expect(d.getByLabelText("First Name")).toHaveValue("Demo");
    expect(d.getByLabelText("Phone (optional)")).toHaveValue("");
    await userEvent.clear(d.getByLabelText("Last Name"));
    await userEvent.type(d.getByLabelText("Phone (optional)"), "555");
    await userEvent.click(d.getByRole("button", { name: "Save Changes" }));
    expect(await d.findByText("Last name is required")).toBeInTheDocument();
    expect(d.getByText("Phone number is required")).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await userEvent.type(d.getByLabelText("Last Name"), "Admin");
    await userEvent.clear(d.getByLabelText("Phone (optional)"));
    await userEvent.clear(d.getByLabelText("First Name"));
    await userEvent.type(d.getByLabelText("First Name"), "Dana");
    await userEvent.click(d.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ email: demoAdmin.email, firstName: "Dana", lastName: "Admin", phoneNumber: "", role: "admin" });
  });
});
