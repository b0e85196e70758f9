import { Plus } from "lucide-react";
import { useState, type ReactNode } from "react";
import { AdminPageHeader } from "@/components/layout/admin-page-header";
import { PageContainer } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { toastOnError } from "@/lib/query-meta";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAdminWebinars } from "@/lib/webinars/get-admin-webinars";
import type { AdminWebinar } from "@/lib/webinars/schemas";
import { AdminWebinarsTable } from "./admin-webinars-table";
import { DeleteWebinarDialog } from "./delete-webinar-dialog";
import { VideoCardsDialog } from "./video-cards-dialog";
import type { VideoUploadSlotProps } from "./webinar-form";
import { WebinarFormDialog } from "./webinar-form-dialog";

export type AdminWebinarsPageProps = {
  /** More actions of a table row (app/ puts the giveaway terms button here). */
  renderRowActions?: (webinar: AdminWebinar) => ReactNode;
  /** The reminder figures dialog of the webinar whose Reminders button was pressed (app/ fills it from the reminders feature). */
  renderRemindersDialog?: (props: { webinar: AdminWebinar | null; onClose: () => void }) => ReactNode;
  /** Under a row's seats, its waiting list's '{N} waiting' (app/ fills it from the waitlist feature). */
  renderWaitlist?: (webinar: AdminWebinar) => ReactNode;
  /** In the webinar form, the uploaded video's state, uploader and captions (app/ fills it from the videos feature). */
  renderVideoUpload?: (props: VideoUploadSlotProps) => ReactNode;
};

const failedToFetchWebinars = toastOnError((error) => [`Failed to fetch webinars: ${errorMessage(error, "Unknown Error")}`]);

type FormState = { open: false } | { open: true; webinar: AdminWebinar | null };

/** "/admin/webinars" (admin only): create, edit, deactivate and delete webinars. */
export function AdminWebinarsPage({
  renderRowActions,
  renderRemindersDialog,
  renderWaitlist,
  renderVideoUpload,
}: AdminWebinarsPageProps = {}) {
  useDocumentTitle("Manage Webinars");
  const { data, isPending, isError } = useAdminWebinars(failedToFetchWebinars);
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<AdminWebinar | null>(null);
  const [remindersOf, setRemindersOf] = useState<AdminWebinar | null>(null);
  const [cardsOf, setCardsOf] = useState<AdminWebinar | null>(null);

  return (
    <PageContainer>
      <AdminPageHeader
        title="Manage Webinars"
        description="Create, edit, deactivate or delete webinars. Times are in the store's time zone."
        actions={
          <Button onClick={() => setForm({ open: true, webinar: null })}>
            <Plus aria-hidden="true" />
            Add New Webinar
          </Button>
        }
      />
      <AdminWebinarsTable
        webinars={data}
        isPending={isPending}
        isError={isError}
        onEdit={(webinar) => setForm({ open: true, webinar })}
        onDelete={setToDelete}
        onReminders={setRemindersOf}
        onCards={setCardsOf}
        renderRowActions={renderRowActions}
        renderWaitlist={renderWaitlist}
      />
      <WebinarFormDialog
        open={form.open}
        webinar={form.open ? form.webinar : null}
        onOpenChange={(open) => !open && setForm({ open: false })}
        renderVideoUpload={renderVideoUpload}
      />
      <DeleteWebinarDialog webinar={toDelete} onClose={() => setToDelete(null)} />
      <VideoCardsDialog webinar={cardsOf} onClose={() => setCardsOf(null)} />
      {renderRemindersDialog?.({ webinar: remindersOf, onClose: () => setRemindersOf(null) })}
    </PageContainer>
  );
}
