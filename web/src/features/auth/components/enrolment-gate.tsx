import { lazy, type ReactNode } from "react";
import { useAuth } from "@/lib/auth/use-auth";

const EnrolmentRequiredPage = lazy(() =>
  import("./security/enrolment-required-page").then((m) => ({ default: m.EnrolmentRequiredPage })),
);

/**
 * While the store requires a second factor of staff and admins and this
 * account has none (the session says enrolment_required), every page is the
 * enrolment; the server refuses the session everything else anyway.
 */
export function EnrolmentGate({ children }: { children: ReactNode }) {
  const { enrolmentRequired } = useAuth();
  return enrolmentRequired ? <EnrolmentRequiredPage /> : children;
}
