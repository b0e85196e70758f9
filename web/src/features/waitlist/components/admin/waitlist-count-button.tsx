import { Hourglass } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useAdminWaitlistCounts } from "../../api/get-admin-waitlist";
import { WaitlistDialog } from "./waitlist-dialog";

/**
 * '{N} waiting' under a row of the admin webinars table (nothing when nobody waits or holds an
 * offered seat): opens 'Waiting list — {title}'. The rows share one GET /api/admin/waitlist.
 */
export function WaitlistCountButton({ webinar }: { webinar: { id: string; title: string } }) {
  const counts = useAdminWaitlistCounts();
  const [open, setOpen] = useState(false);
  const entry = counts.data?.webinars[webinar.id];
  if (!entry) return null;
  return (
    <>
      <Button
        variant="link"
        size="sm"
        className="h-auto w-fit p-0 text-xs font-semibold"
        aria-label={`${entry.waiting} waiting for ${webinar.title}`}
        onClick={() => setOpen(true)}
      >
        <Hourglass aria-hidden="true" />
        {entry.waiting} waiting
      </Button>
      <WaitlistDialog webinar={open ? webinar : null} onClose={() => setOpen(false)} />
    </>
  );
}
