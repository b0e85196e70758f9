import { z } from "@/lib/zod";
import { messages } from "./schemas";

/** An account as the admin routes show it (docs/api.md "Admin: users"). */
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

/** GET /api/admin/users: a page, by e-mail, and whether another follows. */
export const adminUserPageSchema = z.object({
  users: z.array(adminUserSchema),
  has_more: z.boolean().optional().default(false),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** PUT /api/admin/users/{id}: the account after the edit. */
export const adminUserResponseSchema = z.object({ user: adminUserSchema });

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

/**
 * The Edit dialog: the sign-up rules and messages (SPEC.md §5), with the
 * server's length limits, and the role.
 */
export const editUserSchema = z.object({
  email: z.string().trim().pipe(z.email({ error: messages.email })),
  firstName: z
    .string()
    .trim()
    .min(1, { error: messages.firstName })
    .max(100, { error: "First name must be at most 100 characters" }),
  lastName: z
    .string()
    .trim()
    .min(1, { error: messages.lastName })
    .max(100, { error: "Last name must be at most 100 characters" }),
  phoneNumber: z
    .string()
    .trim()
    .min(7, { error: messages.phoneNumber })
    .max(30, { error: "Phone number must be at most 30 characters" }),
  role: z.enum(ROLES, { error: "Role must be user or admin" }),
});
export type EditUserInput = z.infer<typeof editUserSchema>;
export type EditUserFormValues = z.input<typeof editUserSchema>;

/** The Change Password dialog: the sign-up password rule. */
export const changePasswordSchema = z.object({
  newPassword: z
    .string()
    .min(6, { error: messages.password })
    .max(256, { error: "Password must be at most 256 characters" }),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
