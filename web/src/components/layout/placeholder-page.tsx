import { Construction } from "lucide-react";
import type { ReactNode } from "react";
import { useDocumentTitle } from "@/lib/use-document-title";
import { PageContainer, PageHeader } from "./page";

type PlaceholderPageProps = {
  title: string;
  /** One short line; defaults to "This feature is coming soon." */
  message?: ReactNode;
  children?: ReactNode;
};

/** Stand-in for a screen whose feature is not built yet. */
export function PlaceholderPage({ title, message = "This feature is coming soon.", children }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <PageContainer>
      <PageHeader title={title} />
      <div className="flex items-center gap-3 rounded-xl border border-dashed border-zinc-300 bg-muted/50 p-6 text-muted-foreground">
        <Construction className="size-6 shrink-0 text-accent-500" aria-hidden="true" />
        <p>{message}</p>
      </div>
      {children}
    </PageContainer>
  );
}
