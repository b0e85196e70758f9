import { RotateCcw, UserCog, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { useAdminWebinars } from "@/lib/webinars/get-admin-webinars";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useForceReset, useUsersForReset, type ResetUser } from "../api/force-reset";

const selectClass =
  "flex h-11 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-accent-500 focus-visible:ring-2 focus-visible:ring-accent-500/30 disabled:opacity-60 sm:h-10 sm:text-sm";

function userLabel(user: ResetUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return name ? `${user.email} (${name})` : user.email;
}

/** The selector's body: choose a user and a webinar, then 'Force Reset' that user's flags. */
function ResetForm() {
  const userSelectId = useId();
  const webinarSelectId = useId();
  const users = useUsersForReset();
  const webinars = useAdminWebinars();
  const reset = useForceReset();
  const [userId, setUserId] = useState("");
  const [webinarId, setWebinarId] = useState("");

  const onReset = async () => {
    const user = users.data?.find((u) => u.id === userId);
    const webinar = webinars.data?.find((w) => w.id === webinarId);
    try {
      await reset.mutateAsync({ userId, webinarId });
      notify.success("Reset Complete", `Watched status reset for ${user?.email ?? "the user"} on "${webinar?.title ?? "the webinar"}".`);
    } catch (error) {
      notify.error("Reset Failed", errorMessage(error));
    }
  };

  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={userSelectId}>User</Label>
        <select
          id={userSelectId}
          value={userId}
          onChange={(e) => setUserId(e.target.value)}
          disabled={!users.data}
          className={selectClass}
        >
          <option value="">{users.isPending ? "Loading users…" : users.isError ? "Users could not be loaded" : "Choose a user…"}</option>
          {users.data?.map((u) => (
            <option key={u.id} value={u.id}>
              {userLabel(u)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={webinarSelectId}>Webinar</Label>
        <select
          id={webinarSelectId}
          value={webinarId}
          onChange={(e) => setWebinarId(e.target.value)}
          disabled={!webinars.data}
          className={selectClass}
        >
          <option value="">
            {webinars.isPending ? "Loading webinars…" : webinars.isError ? "Webinars could not be loaded" : "Choose a webinar…"}
          </option>
          {webinars.data?.map((w) => (
            <option key={w.id} value={w.id}>
              {w.title}
            </option>
          ))}
        </select>
      </div>
      <p className="text-xs text-muted-foreground">
        Clears the user's watched status for that webinar, so they watch it again. A paid coupon is never undone.
      </p>
      <Button type="button" variant="destructive" onClick={onReset} disabled={!userId || !webinarId || reset.isPending}>
        <RotateCcw aria-hidden="true" />
        {reset.isPending ? "Resetting..." : "Force Reset"}
      </Button>
    </div>
  );
}

/**
 * Floating user selector (docs/product.md#admin-screens): an admin picks a user and a webinar
 * and force-resets that user's webinar flags. Collapsed to a button until
 * opened; the lists load only then.
 */
export function UserResetPanel() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <aside aria-label="User selector" className="no-print fixed bottom-4 left-4 z-40 flex max-w-[calc(100vw-2rem)] flex-col items-start gap-2">
      {open && (
        <div id={panelId} className="w-80 max-w-full rounded-xl border bg-card p-4 shadow-lg">
          <div className="mb-3 flex items-center justify-between gap-2">
            <h2 className="font-semibold text-ink">Reset a user's webinar</h2>
            <Button type="button" size="icon" variant="ghost" className="size-8" aria-label="Close user selector" onClick={() => setOpen(false)}>
              <X aria-hidden="true" />
            </Button>
          </div>
          <ResetForm />
        </div>
      )}
      <Button
        type="button"
        variant="secondary"
        className="shadow-md ring-1 ring-border"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <UserCog aria-hidden="true" />
        User Selector
      </Button>
    </aside>
  );
}
