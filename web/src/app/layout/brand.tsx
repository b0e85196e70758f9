import { Target } from "lucide-react";
import { Link } from "react-router";
import { SITE_NAME } from "@/config/store";
import { cn } from "@/lib/utils";

/** Logo mark + "WatchWin", linking home. */
export function Brand({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className={cn("inline-flex items-center gap-2 rounded-md text-xl font-extrabold tracking-tight", className)}
      aria-label={`${SITE_NAME} home`}
    >
      <span className="grid size-8 place-items-center rounded-md bg-accent-500 text-white shadow-sm">
        <Target className="size-5" strokeWidth={2.5} aria-hidden="true" />
      </span>
      <span>
        Watch<span className="text-accent-500">Win</span>
      </span>
    </Link>
  );
}
