import type { QueryMeta } from "@tanstack/react-query";

/** A failed query's or mutation's toast: its title and optional description, from the error; null for none. */
export type ErrorToast = (error: unknown) => readonly [title: string, description?: string] | null;

declare module "@tanstack/react-query" {
  interface Register {
    // The query client (app/query-client.ts) shows `errorToast` once per failed fetch or mutation.
    queryMeta: { errorToast?: ErrorToast };
    mutationMeta: { errorToast?: ErrorToast };
  }
}

/** The meta of a query whose failure the page announces with a toast. */
export function toastOnError(errorToast: ErrorToast): QueryMeta {
  return { errorToast };
}
