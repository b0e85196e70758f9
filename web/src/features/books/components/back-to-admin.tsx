import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";

/** The link above a books screen's title back to the admin dashboard. */
export function BackToAdmin() {
  return (
    <Link to="/admin" className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-ink">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Admin Dashboard
    </Link>
  );
}
