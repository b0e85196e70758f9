import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";

type AuthCardProps = {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Under the card (legal note, a way back). */
  footer?: ReactNode;
};

/** The centred card of the account pages (/auth and the pages its e-mails link to). */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className="bg-muted/50 px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-md">
        <Card className="shadow-md">
          <CardHeader className="text-center">
            <h1 className="text-2xl leading-tight font-bold tracking-tight">{title}</h1>
            {description && <CardDescription>{description}</CardDescription>}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        {footer}
      </div>
    </div>
  );
}

/** The way back to /auth under the card of a page an e-mail links to. */
export function BackToLogin() {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/auth" className="inline-flex items-center gap-1 font-medium text-foreground underline underline-offset-2">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to login
      </Link>
    </p>
  );
}
