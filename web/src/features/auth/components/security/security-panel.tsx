import { SessionsCard } from "./sessions-card";
import { TwoFactorCard } from "./two-factor-card";

/** My Dashboard's Security tab: the second factor and the session list. */
export function SecurityPanel() {
  return (
    <div className="grid gap-6">
      <TwoFactorCard />
      <SessionsCard />
    </div>
  );
}
