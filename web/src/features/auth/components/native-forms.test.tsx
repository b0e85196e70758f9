import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REDIRECT_AFTER_AUTH_KEY } from "@/lib/redirect";
import { mockApi, renderApp } from "@/test/utils";
import { FLASH_COOKIE } from "@/lib/form-flash";
import { LoginForm } from "./login-form";
import { SignUpForm } from "./sign-up-form";

/** Sets the flash cookie as the server's answer to a form post does. */
function arriveWithFlash(fields: Record<string, string>) {
  document.cookie = `${FLASH_COOKIE}=${new URLSearchParams(fields).toString()}; Path=/`;
}

const flashCookieLeft = () => document.cookie.includes(`${FLASH_COOKIE}=`);

afterEach(() => {
  document.cookie = `${FLASH_COOKIE}=; Max-Age=0; Path=/`;
  sessionStorage.clear();
});

describe("forms posted before the app starts (docs/api.md#forms-without-javascript)", () => {
  it("the login form posts its named fields to the login endpoint", async () => {
    mockApi();
    renderApp(<LoginForm />);
    const form = await screen.findByRole("form", { name: "Login" });
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/api/auth/login");
    expect(screen.getByLabelText("Email")).toHaveAttribute("name", "email");
    expect(screen.getByLabelText("Password")).toHaveAttribute("name", "password");
  });

  it("the sign-up form posts its named fields to the sign-up endpoint, the age with a native checkbox", async () => {
    mockApi();
    renderApp(<SignUpForm />);
    const form = await screen.findByRole("form", { name: "Sign Up" });
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/api/auth/signup");
    const names = [...form.querySelectorAll("input")].map((i) => i.name);
    expect(names).toEqual(["firstName", "lastName", "email", "phoneNumber", "password", "confirmPassword", "ageConfirmed"]);
    const age = screen.getByRole("checkbox", { name: "I am 21 or older" });
    expect(age.tagName).toBe("INPUT");
  });

  // react-hook-form keeps a field edited before the form is ready rather than
  // writing its default over it.
  it("keeps what was typed into the server's paint when React takes over", async () => {
    mockApi();
    const tree = (
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <LoginForm />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const email = container.querySelector<HTMLInputElement>("input[name=email]")!;
    const password = container.querySelector<HTMLInputElement>("input[name=password]")!;
    email.value = "quick@example.com";
    password.value = "typed-fast";
    const root = await act(async () => hydrateRoot(container, tree));
    expect(email.value).toBe("quick@example.com");
    expect(password.value).toBe("typed-fast");
    act(() => root.unmount());
    container.remove();
  });

  it("a refused login comes back with the product's text and the typed e-mail, read once", async () => {
    mockApi();
    arriveWithFlash({
      form: "login",
      outcome: "error",
      code: "invalid_credentials",
      message: "Invalid email or password.",
      email: "jane@example.com",
    });
    renderApp(<LoginForm />);
    expect(await screen.findByText("Error signing in")).toBeInTheDocument();
    expect(screen.getByText("Invalid email or password.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Email")).toHaveValue("jane@example.com"));
    expect(screen.getByLabelText("Password")).toHaveValue("");
    expect(flashCookieLeft()).toBe(false);
  });

  it("a field error comes back next to its field", async () => {
    mockApi();
    arriveWithFlash({
      form: "login",
      outcome: "error",
      code: "validation_failed",
      field: "email",
      message: "Please enter a valid email address",
      email: "jane@",
    });
    renderApp(<LoginForm />);
    await waitFor(() => expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByLabelText("Email")).toHaveValue("jane@");
  });

  it("an unconfirmed address comes back with the offer to resend the link", async () => {
    mockApi();
    const message = "Please confirm your email address before logging in. We can send the link again.";
    arriveWithFlash({ form: "login", outcome: "error", code: "email_not_confirmed", message, email: "new@example.com" });
    renderApp(<LoginForm />);
    expect(await screen.findByRole("button", { name: /resend/i })).toBeInTheDocument();
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(1);
  });

  it("a second factor due shows the second step", async () => {
    mockApi();
    arriveWithFlash({ form: "login", outcome: "second_step" });
    renderApp(<LoginForm />, { strict: true });
    expect(await screen.findByRole("form", { name: "Two-factor authentication" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Back to login" }));
    expect(await screen.findByRole("form", { name: "Login" })).toBeInTheDocument();
  });

  // The page whose form was posted can still be starting while the browser
  // follows the 303: it leaves the flash to the page that arrives.
  it("the page that posted a form itself leaves the flash to the page that arrives", async () => {
    const nativeSubmit = await import("@/lib/native-submit");
    vi.spyOn(nativeSubmit, "postedNatively").mockReturnValue(true);
    mockApi();
    arriveWithFlash({ form: "login", outcome: "second_step" });
    renderApp(<LoginForm />);
    expect(await screen.findByRole("form", { name: "Login" })).toBeInTheDocument();
    expect(flashCookieLeft()).toBe(true);
  });

  it("a sign-up that succeeded shows its toast and the new address on the login form", async () => {
    mockApi();
    arriveWithFlash({ form: "signup", outcome: "signed_up", email: "new@example.com" });
    renderApp(<LoginForm />);
    expect(await screen.findByText("Sign up successful!")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Email")).toHaveValue("new@example.com"));
  });

  it("a refused sign-up comes back with everything typed but the passwords", async () => {
    mockApi();
    arriveWithFlash({
      form: "signup",
      outcome: "error",
      code: "validation_failed",
      field: "confirmPassword",
      message: "Passwords don't match",
      firstName: "Jane",
      lastName: "Doe",
      email: "jane@example.com",
      phoneNumber: "6305550100",
      ageConfirmed: "on",
    });
    renderApp(<SignUpForm />);
    expect(await screen.findByText("Error signing up")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("First Name")).toHaveValue("Jane"));
    expect(screen.getByLabelText("Last Name")).toHaveValue("Doe");
    expect(screen.getByLabelText("Email")).toHaveValue("jane@example.com");
    expect(screen.getByLabelText("Phone Number")).toHaveValue("6305550100");
    expect(screen.getByRole("checkbox", { name: "I am 21 or older" })).toBeChecked();
    expect(screen.getByLabelText("Password")).toHaveValue("");
    expect(screen.getByLabelText("Confirm Password")).toHaveAttribute("aria-invalid", "true");
  });

  it("an empty sign-up sent before the app started comes back with every field's message, as the app shows them", async () => {
    mockApi();
    // The server names the first field it refuses; the form names them all.
    arriveWithFlash({ form: "signup", outcome: "error", code: "validation_failed", field: "email", message: "Please enter a valid email address" });
    renderApp(<SignUpForm />);
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("First name is required")).toBeInTheDocument();
    expect(screen.getByText("Phone number is required")).toBeInTheDocument();
  });

  it("after a login the server completed, any page shows 'Welcome back!' once", async () => {
    mockApi();
    arriveWithFlash({ form: "login", outcome: "signed_in" });
    renderApp(<p>Home</p>, { strict: true });
    expect(await screen.findByText("Welcome back!")).toBeInTheDocument();
    expect(flashCookieLeft()).toBe(false);
  });

  it("after a login the server sent home, a remembered redirect is followed as after the SPA's own", async () => {
    mockApi();
    sessionStorage.setItem(REDIRECT_AFTER_AUTH_KEY, "/dashboard");
    arriveWithFlash({ form: "login", outcome: "signed_in" });
    const { router } = renderApp(<p>Home</p>);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(sessionStorage.getItem(REDIRECT_AFTER_AUTH_KEY)).toBeNull();
  });
});
