import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

/** Centered, padded page body. */
export function PageContainer({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("mx-auto w-full max-w-7xl flex-1 px-4 py-10 sm:px-6 sm:py-14 lg:px-8", className)} {...props} />;
}

export type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons shown beside the title on wide screens, below it on phones. */
  actions?: ReactNode;
  /** Small line above the title (e.g. a back link). */
  eyebrow?: ReactNode;
  className?: string;
};

/** The page's <h1> with an optional lead paragraph and actions. */
export function PageHeader({ title, description, actions, eyebrow, className }: PageHeaderProps) {
  return (
    <div className={cn("mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="grid gap-2">
        {eyebrow}
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{title}</h1>
        {description && <p className="max-w-2xl text-base text-muted-foreground sm:text-lg">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
