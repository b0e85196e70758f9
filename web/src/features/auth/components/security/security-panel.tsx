import { PasskeysCard } from "./passkeys-card";
import { SessionsCard } from "./sessions-card";
import { TwoFactorCard } from "./two-factor-card";

/** My Dashboard's Security tab: passkeys, the second factor and the session list. */
export function SecurityPanel() {
  return (
    <div className="grid gap-6">
      <PasskeysCard />
      <TwoFactorCard />
      <SessionsCard />
    </div>
  );
}
