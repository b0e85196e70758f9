import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useDocumentTitle } from "@/lib/use-document-title";
import { AuthCard } from "../auth-card";

/** The page the mailed enrolment link opens (its token in ?token=). */
export const ENROLMENT_LINK_PATH = "/auth/enrol-second-factor";

/**
 * The enrolment link opened by an account that has nothing to enrol: an
 * enrolling session never sees this page (the enrolment gate shows the
 * enrolment, which takes the link), and a signed-out visitor logs in first.
 */
export function EnrolmentLinkPage() {
  useDocumentTitle("Two-factor authentication");
  return (
    <AuthCard title="Two-factor authentication">
      <div className="grid gap-5">
        <Alert>
          <ShieldCheck aria-hidden="true" />
          <AlertDescription>This account has nothing to set up with this link.</AlertDescription>
        </Alert>
        <Button asChild size="lg" className="w-full">
          <Link to="/dashboard?tab=security">Go to your Security settings</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
