import { formatDistanceToNow } from "date-fns";
import { LogOut, MonitorSmartphone } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useEndOtherSessions, useEndSession, useSessions } from "../../api/security";
import { useAuth } from "@/lib/auth/use-auth";

function ago(iso: string): string {
  return formatDistanceToNow(new Date(iso), { addSuffix: true });
}

/** Where the account is signed in (docs/api.md#second-factor-and-sessions): end one, or all the others. */
export function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const { signOut } = useAuth();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-xl font-bold text-ink">
          <MonitorSmartphone className="size-5 text-accent-600" aria-hidden="true" />
          Where you're signed in
        </h2>
        <CardDescription>Each browser you signed in on. End any you don't recognise, then change your password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : sessions.isError ? (
          <Alert variant="destructive">
            <AlertDescription>Could not load your sessions. {errorMessage(sessions.error)}</AlertDescription>
          </Alert>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Sessions">
            {sessions.data.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="grid gap-0.5">
                  <span className="font-medium text-ink">
                    {s.device}
                    {s.current && (
                      <Badge variant="info" className="ml-2 align-middle">
                        This browser
                      </Badge>
                    )}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    Signed in {ago(s.created_at)} · last seen {ago(s.last_seen_at)}
                    {s.network && ` · network ${s.network}`}
                  </span>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={s.current ? "Sign out of this browser" : `End the session of ${s.device}`}
                  disabled={end.isPending}
                  onClick={() => {
                    if (s.current) {
                      void signOut();
                      return;
                    }
                    end.mutate(s.id, {
                      onSuccess: () => notify.success("Session ended", `${s.device} is signed out.`),
                      onError: (err) => notify.error("Error ending the session", errorMessage(err)),
                    });
                  }}
                >
                  <LogOut aria-hidden="true" />
                  {s.current ? "Sign out" : "End"}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {others > 0 && (
          <div>
            <Button
              variant="outline"
              disabled={endOthers.isPending}
              aria-busy={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: () => notify.success("Signed out everywhere else", "Only this browser is still signed in."),
                  onError: (err) => notify.error("Error signing out", errorMessage(err)),
                })
              }
            >
              Sign out everywhere else
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
