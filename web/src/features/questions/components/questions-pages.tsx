import { ArrowLeft } from "lucide-react";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { RedirectToAuth } from "@/lib/auth/require-auth";
import { useAuth } from "@/lib/auth/use-auth";
import { useDocumentTitle } from "@/lib/use-document-title";
import { QuestionsInbox } from "./questions-inbox";

const description = "Questions viewers asked from the player, at the second they asked. Answers are e-mailed.";

/** "/admin/questions" (admin; the route guards it): the questions inbox. */
export function AdminQuestionsPage() {
  useDocumentTitle("Questions");
  return (
    <PageContainer>
      <PageHeader title="Questions" description={description} />
      <QuestionsInbox />
    </PageContainer>
  );
}

/** "/counter/questions" (staff and admins): the same inbox at the counter; anyone else is told it is the staff's. */
export function CounterQuestionsPage() {
  useDocumentTitle("Questions");
  const { user, canUseCounter, loading } = useAuth();
  if (loading) return <PageSpinner label="Checking your session..." />;
  if (!user) return <RedirectToAuth />;
  if (!canUseCounter) {
    return (
      <PageContainer className="max-w-xl text-center">
        <h1 className="text-2xl font-extrabold text-ink">This page is for the store staff.</h1>
      </PageContainer>
    );
  }
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader
        title="Questions"
        description={description}
        eyebrow={
          <Button asChild variant="ghost" size="sm" className="-ml-3 w-fit text-muted-foreground">
            <a href="/counter">
              <ArrowLeft aria-hidden="true" />
              Back to the counter
            </a>
          </Button>
        }
      />
      <QuestionsInbox />
    </PageContainer>
  );
}

