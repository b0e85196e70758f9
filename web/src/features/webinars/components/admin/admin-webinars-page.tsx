import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { AdminPageHeader } from "@/components/layout/admin-page-header";
import { PageContainer } from "@/components/layout/page";
import { WebinarRemindersDialog } from "@/features/reminders";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAdminWebinars } from "../../api/get-admin-webinars";
import type { AdminWebinar } from "../../api/schemas";
import { AdminWebinarsTable } from "./admin-webinars-table";
import { DeleteWebinarDialog } from "./delete-webinar-dialog";
import { WebinarFormDialog } from "./webinar-form-dialog";

type FormState = { open: false } | { open: true; webinar: AdminWebinar | null };

/** "/admin/webinars" (admin only): create, edit, deactivate and delete webinars. */
export function AdminWebinarsPage() {
  useDocumentTitle("Manage Webinars");
  const { data, isPending, isError, error } = useAdminWebinars();
  const [form, setForm] = useState<FormState>({ open: false });
  const [toDelete, setToDelete] = useState<AdminWebinar | null>(null);
  const [remindersOf, setRemindersOf] = useState<AdminWebinar | null>(null);

  useEffect(() => {
    if (error) notify.error(`Failed to fetch webinars: ${errorMessage(error, "Unknown Error")}`);
  }, [error]);

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
      />
      <WebinarFormDialog
        open={form.open}
        webinar={form.open ? form.webinar : null}
        onOpenChange={(open) => !open && setForm({ open: false })}
      />
      <DeleteWebinarDialog webinar={toDelete} onClose={() => setToDelete(null)} />
      <WebinarRemindersDialog webinar={remindersOf} onClose={() => setRemindersOf(null)} />
    </PageContainer>
  );
}
