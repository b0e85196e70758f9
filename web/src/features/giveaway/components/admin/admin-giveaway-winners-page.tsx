import { useState } from "react";
import { AdminPageHeader } from "@/components/layout/admin-page-header";
import { PageContainer } from "@/components/layout/page";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useGiveawayWinners } from "../../api/get-winners";
import type { Winner } from "../../api/schemas";
import { DrawsTable } from "./draws-table";
import { PickWinnerDialog } from "./pick-winner-dialog";
import { WinnersTable } from "./winners-table";

/**
 * "/admin/giveaway-winners" (admin only): the winners drawn when webinars
 * filled or reached their draw date (and by 'Pick New Winner'), with 'Send
 * Notification' to e-mail them, and every draw with its proof.
 */
export function AdminGiveawayWinnersPage() {
  useDocumentTitle("Giveaway Winners");
  const winners = useGiveawayWinners();
  const [repick, setRepick] = useState<Winner | null>(null);

  return (
    <PageContainer>
      <AdminPageHeader
        title="Giveaway Winners"
        description="A winner is drawn at random among all entries, paid and free, when a webinar's paid seats fill or on its draw date. Email the winner, or pick a new one."
      />
      <WinnersTable
        winners={winners.data}
        isPending={winners.isPending}
        isError={winners.isError}
        onPickNew={setRepick}
      />
      <DrawsTable />
      <PickWinnerDialog winner={repick} onClose={() => setRepick(null)} />
    </PageContainer>
  );
}
