import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isApiError } from "@/lib/api";

/**
 * Puts a server validation error next to its field when the API names one
 * that this form has. Returns true when it did.
 */
export function applyServerFieldError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!isApiError(error) || !error.field) return false;
  const field = fields.find((f) => f === error.field);
  if (!field) return false;
  setError(field, { type: "server", message: error.message }, { shouldFocus: true });
  return true;
}
