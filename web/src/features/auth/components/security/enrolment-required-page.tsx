import { useQueryClient } from "@tanstack/react-query";
import { LogOut, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { authKeys } from "../../api/keys";
import { useAuth } from "../../hooks/use-auth";
import { EnrolFactor, RecoveryCodes } from "./two-factor-card";

/**
 * What a staff or admin account without a second factor sees on every page
 * while the store requires one (WATCHWIN_REQUIRE_2FA_FOR_STAFF): the
 * enrolment, then its recovery codes, then the app as usual. The server
 * refuses such a session everything else.
 */
export function EnrolmentRequiredPage() {
  const queryClient = useQueryClient();
  const { signOut } = useAuth();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <PageContainer className="max-w-2xl">
      <PageHeader
        title="Set up two-factor authentication"
        description="The store requires two-factor authentication for staff and admin accounts. Set it up to continue."
      />
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <p className="flex items-center gap-2 text-sm font-medium text-ink">
            <ShieldAlert className="size-5 text-accent-600" aria-hidden="true" />
            Nothing else opens until this is done.
          </p>
          {codes ? (
            <RecoveryCodes codes={codes} onDone={() => void queryClient.invalidateQueries({ queryKey: authKeys.session() })} />
          ) : (
            <EnrolFactor onEnabled={setCodes} />
          )}
          <div className="border-t pt-4">
            <Button variant="ghost" onClick={() => void signOut()}>
              <LogOut aria-hidden="true" />
              Log out
            </Button>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
