import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { notify } from "@/lib/toast";
import { jsonResponse, mockApi, renderApp, userSession } from "@/test/utils";
import { SignUpForm } from "./sign-up-form";

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("First Name"), "Jane");
  await user.type(screen.getByLabelText("Last Name"), "Doe");
  await user.type(screen.getByLabelText("Email"), "jane@example.com");
  await user.type(screen.getByLabelText("Phone Number"), "6305550100");
  await user.type(screen.getByLabelText("Password"), "secret1");
  await user.type(screen.getByLabelText("Confirm Password"), "secret1");
  await user.click(screen.getByRole("checkbox", { name: "I am 21 or older" }));
}

describe("SignUpForm", () => {
  it("shows every validation message on empty submit", async () => {
    const fetchMock = mockApi();
    renderApp(<SignUpForm />);
    await userEvent.click(await screen.findByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("First name is required")).toBeInTheDocument();
    expect(screen.getByText("Last name is required")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Phone number is required")).toBeInTheDocument();
    // password and confirmPassword both say so
    expect(screen.getAllByText("Password must be at least 6 characters")).toHaveLength(2);
    expect(screen.getByText("You must be 21 or older to sign up")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "I am 21 or older" })).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/auth/signup")).toBe(false);
  });

  it("shows \"Passwords don't match\" under Confirm Password", async () => {
    mockApi();
    const user = userEvent.setup();
    renderApp(<SignUpForm />);
    await fillValid(user);
    await user.clear(screen.getByLabelText("Confirm Password"));
    await user.type(screen.getByLabelText("Confirm Password"), "secret2");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm Password")).toHaveAttribute("aria-describedby", "signup-confirm-password-error");
  });

  it("submits the full payload, resets and reports success", async () => {
    const onSuccess = vi.fn();
    const toast = vi.spyOn(notify, "success");
    const fetchMock = mockApi(undefined, (url) =>
      url === "/api/auth/signup" ? jsonResponse(userSession, 201) : undefined,
    );
    const user = userEvent.setup();
    renderApp(<SignUpForm onSuccess={onSuccess} />);
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith("jane@example.com"));
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/auth/signup");
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({
      firstName: "Jane",
      lastName: "Doe",
      email: "jane@example.com",
      phoneNumber: "6305550100",
      password: "secret1",
      confirmPassword: "secret1",
      ageConfirmed: true,
    });
    expect(screen.getByLabelText("First Name")).toHaveValue("");
    expect(screen.getByRole("checkbox", { name: "I am 21 or older" })).not.toBeChecked();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith("Sign up successful!", "Please check your email for confirmation.");
  });

  it("puts a server field error next to the field", async () => {
    mockApi(undefined, (url) =>
      url === "/api/auth/signup"
        ? jsonResponse(
            { error: { code: "email_taken", message: "An account with this email already exists.", field: "email" } },
            409,
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderApp(<SignUpForm />);
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Error signing up")).toBeInTheDocument();
    expect(document.getElementById("signup-email-error")).toHaveTextContent("An account with this email already exists.");
  });

  it("shows the server's name rule under First Name (the rule lives on the server only)", async () => {
    const message = "First name can't contain a web address, an @ or a line break";
    mockApi(undefined, (url) =>
      url === "/api/auth/signup"
        ? jsonResponse({ error: { code: "validation_failed", message, field: "firstName" } }, 400)
        : undefined,
    );
    const user = userEvent.setup();
    renderApp(<SignUpForm />);
    await fillValid(user);
    await user.clear(screen.getByLabelText("First Name"));
    await user.type(screen.getByLabelText("First Name"), "Bob www.evil.example");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Error signing up")).toBeInTheDocument();
    expect(document.getElementById("signup-first-name-error")).toHaveTextContent(message);
    expect(screen.getByLabelText("First Name")).toHaveFocus();
  });
});
