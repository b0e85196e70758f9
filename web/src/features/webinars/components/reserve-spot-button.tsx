import type { ComponentProps, MouseEvent } from "react";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth/use-auth";
import type { Webinar } from "@/lib/webinars/schemas";
import { reserveSpotLoginPath, useReserveSpot } from "../hooks/use-reserve-spot";

type Props = Omit<ComponentProps<typeof Button>, "asChild" | "onClick"> & { webinar: Pick<Webinar, "id" | "title"> };

/**
 * 'Reserve Spot' (useReserveSpot). For a visitor who is not signed in it is
 * a link to the login page with the webinar, so a press before the app has
 * started still goes there (docs/api.md#pages); the app adds its toast
 * and the way back.
 */
export function ReserveSpotButton({ webinar, children, ...props }: Props) {
  const { user } = useAuth();
  const reserve = useReserveSpot();
  if (user) {
    return (
      <Button {...props} onClick={() => reserve(webinar)}>
        {children}
      </Button>
    );
  }
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // a new tab or window
    e.preventDefault();
    reserve(webinar);
  };
  return (
    <Button asChild {...props}>
      <a href={reserveSpotLoginPath(webinar.id)} onClick={onClick}>
        {children}
      </a>
    </Button>
  );
}
