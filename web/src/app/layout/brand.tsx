import { Target } from "lucide-react";
import { Link } from "react-router";
import { SITE_NAME } from "@/config/store";
import { useSiteInfo } from "@/lib/site-settings/get-site-info";
import { cn } from "@/lib/utils";

/** The default title, "Watch" + accented "Win"; another title set by the admin shows as typed. */
function BrandTitle({ title }: { title: string }) {
  if (title !== SITE_NAME) return <span className="truncate">{title}</span>;
  return (
    <span>
      Watch<span className="text-accent-500">Win</span>
    </span>
  );
}

/** Logo mark + the site title (an admin setting), linking home. */
export function Brand({ className, onClick }: { className?: string; onClick?: () => void }) {
  const { site_title } = useSiteInfo();
  return (
    <Link
      to="/"
      onClick={onClick}
      className={cn("inline-flex min-w-0 items-center gap-2 rounded-md text-xl font-extrabold tracking-tight", className)}
      aria-label={`${site_title} home`}
    >
      <span className="grid size-8 place-items-center rounded-md bg-accent-500 text-white shadow-sm">
        <Target className="size-5" strokeWidth={2.5} aria-hidden="true" />
      </span>
      <BrandTitle title={site_title} />
    </Link>
  );
}
