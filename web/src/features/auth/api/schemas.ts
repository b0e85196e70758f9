import { z } from "@/lib/zod";

// Messages are docs/product.md#validation-and-its-messages verbatim; the server returns the same ones.
export const messages = {
  email: "Please enter a valid email address",
  password: "Password must be at least 6 characters",
  firstName: "First name is required",
  lastName: "Last name is required",
  phoneNumber: "Phone number is required",
  passwordsMatch: "Passwords don't match",
  age: "You must be 21 or older to sign up",
} as const;

const email = z.string().trim().pipe(z.email({ error: messages.email }));
const password = z.string().min(6, { error: messages.password });

export const loginSchema = z.object({
  email,
  password,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signUpSchema = z
  .object({
    firstName: z.string().trim().min(1, { error: messages.firstName }),
    lastName: z.string().trim().min(1, { error: messages.lastName }),
    email,
    phoneNumber: z.string().trim().min(7, { error: messages.phoneNumber }),
    password,
    confirmPassword: z.string().min(6, { error: messages.password }),
    ageConfirmed: z.boolean().refine((v) => v, { error: messages.age }),
  })
  .refine((data) => data.password === data.confirmPassword, {
    error: messages.passwordsMatch,
    path: ["confirmPassword"],
    // Compare as soon as both passwords are valid, even if other fields are not.
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof v.password === "string" && typeof v.confirmPassword === "string";
    },
  });
export type SignUpInput = z.infer<typeof signUpSchema>;
export type SignUpFormValues = z.input<typeof signUpSchema>;

/** One e-mail address: 'Forgot password?' and 'Resend confirmation email'. */
export const accountEmailSchema = z.object({ email });
export type AccountEmailInput = z.infer<typeof accountEmailSchema>;

/** The new password on /auth/reset-password: the sign-up password rules. */
export const newPasswordSchema = z
  .object({
    password,
    confirmPassword: z.string().min(6, { error: messages.password }),
  })
  .refine((data) => data.password === data.confirmPassword, {
    error: messages.passwordsMatch,
    path: ["confirmPassword"],
  });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;
