import { describe, expect, it } from "vitest";
import { loginSchema, signUpSchema } from "./schemas";

function messagesFor(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join(".");
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

const validSignUp = {
  firstName: "Jane",
  lastName: "Doe",
  email: "jane@example.com",
  phoneNumber: "6305550100",
  password: "secret1",
  confirmPassword: "secret1",
  ageConfirmed: true,
};

describe("loginSchema", () => {
  it("accepts valid credentials and trims the email", () => {
    const r = loginSchema.safeParse({ email: "  jane@example.com ", password: "secret1" });
    expect(r.success).toBe(true);
    expect(r.data?.email).toBe("jane@example.com");
  });

  it("rejects an invalid email", () => {
    const r = loginSchema.safeParse({ email: "not-an-email", password: "secret1" });
    expect(messagesFor(r)).toEqual({ email: ["Please enter a valid email address"] });
  });

  it("rejects a short password", () => {
    const r = loginSchema.safeParse({ email: "jane@example.com", password: "12345" });
    expect(messagesFor(r)).toEqual({ password: ["Password must be at least 6 characters"] });
  });

  it("reports both on empty input", () => {
    const r = loginSchema.safeParse({ email: "", password: "" });
    expect(messagesFor(r)).toEqual({
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 6 characters"],
    });
  });
});

describe("signUpSchema", () => {
  it("accepts a valid sign-up", () => {
    expect(signUpSchema.safeParse(validSignUp).success).toBe(true);
  });

  it.each([
    ["firstName", "", "First name is required"],
    ["firstName", "   ", "First name is required"],
    ["lastName", "", "Last name is required"],
    ["email", "jane@", "Please enter a valid email address"],
    ["phoneNumber", "", "Phone number is required"],
    ["phoneNumber", "555012", "Phone number is required"],
    ["password", "12345", "Password must be at least 6 characters"],
    ["ageConfirmed", false, "You must be 21 or older to sign up"],
  ])("%s = %j -> %s", (field, value, message) => {
    const input = { ...validSignUp, [field]: value };
    if (field === "password") input.confirmPassword = value as string;
    const msgs = messagesFor(signUpSchema.safeParse(input));
    expect(msgs[field]).toEqual([message]);
  });

  it("requires confirmPassword to have at least 6 characters", () => {
    const msgs = messagesFor(signUpSchema.safeParse({ ...validSignUp, confirmPassword: "123" }));
    expect(msgs.confirmPassword?.[0]).toBe("Password must be at least 6 characters");
  });

  it("puts \"Passwords don't match\" on confirmPassword", () => {
    const msgs = messagesFor(signUpSchema.safeParse({ ...validSignUp, confirmPassword: "secret2" }));
    expect(msgs).toEqual({ confirmPassword: ["Passwords don't match"] });
  });

  it("reports a mismatch even when other fields are invalid", () => {
    const msgs = messagesFor(
      signUpSchema.safeParse({ ...validSignUp, firstName: "", confirmPassword: "secret2" }),
    );
    expect(msgs.firstName).toEqual(["First name is required"]);
    expect(msgs.confirmPassword).toEqual(["Passwords don't match"]);
  });
});
