import { z } from "@/lib/zod";
import { messages } from "./schemas";

/** An account as the admin routes show it (docs/api.md#admin-users). */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullish().transform((v) => v ?? ""),
  lastName: z.string().nullish().transform((v) => v ?? ""),
  phoneNumber: z.string().nullish().transform((v) => v ?? ""),
  role: z.string(),
  created_at: z.string().optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * GET /api/admin/users: a page, by e-mail, whether another follows and the
 * cursor that starts it (null on the last page).
 */
export const adminUserPageSchema = z.object({
  users: z.array(adminUserSchema),
  has_more: z.boolean().optional().default(false),
  next_cursor: z.string().nullish().transform((v) => v ?? null),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** PUT /api/admin/users/{id}: the account after the edit. */
export const adminUserResponseSchema = z.object({ user: adminUserSchema });

/** Staff use the counter (/counter) and nothing of the admin area (docs/api.md#counter). */
export const ROLES = ["user", "staff", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Which of an account's fields it does not have yet: those may stay empty in the Edit dialog. */
export type BlankFields = { firstName: boolean; lastName: boolean; phoneNumber: boolean };

/** The fields `user` lacks (accounts made by `watchwin user add` or --demo have no phone, maybe no names). */
export function blankFields(user: Pick<AdminUser, "firstName" | "lastName" | "phoneNumber">): BlankFields {
  return { firstName: !user.firstName, lastName: !user.lastName, phoneNumber: !user.phoneNumber };
}

/** A trimmed text of min..max characters, or empty when `blank` allows it. */
function text(min: number, minError: string, max: number, maxError: string, blank: boolean) {
  return z
    .string()
    .trim()
    .refine((v) => (blank && v === "") || v.length >= min, { error: minError })
    .refine((v) => v.length <= max, { error: maxError });
}

/**
 * The Edit dialog: the sign-up rules and messages (docs/product.md#validation-and-its-messages), with
 * the server's length limits, and the role. A field in `blank` (one the
 * account never had) may stay empty, as the server allows
 * (docs/api.md#admin-users); any other is required.
 */
export function editUserSchema(blank: BlankFields = { firstName: false, lastName: false, phoneNumber: false }) {
  return z.object({
    email: z.string().trim().pipe(z.email({ error: messages.email })),
    firstName: text(1, messages.firstName, 100, "First name must be at most 100 characters", blank.firstName),
    lastName: text(1, messages.lastName, 100, "Last name must be at most 100 characters", blank.lastName),
    phoneNumber: text(7, messages.phoneNumber, 30, "Phone number must be at most 30 characters", blank.phoneNumber),
    role: z.enum(ROLES, { error: "Role must be user, staff or admin" }),
  });
}
export type EditUserInput = z.infer<ReturnType<typeof editUserSchema>>;
export type EditUserFormValues = z.input<ReturnType<typeof editUserSchema>>;

/** The Change Password dialog: the sign-up password rule. */
export const changePasswordSchema = z.object({
  newPassword: z
    .string()
    .min(6, { error: messages.password })
    .max(256, { error: "Password must be at most 256 characters" }),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
