import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { PageHeader, type PageHeaderProps } from "./page";

/** The header of an admin screen: the "← Admin Dashboard" link above its title. */
export function AdminPageHeader(props: Omit<PageHeaderProps, "eyebrow">) {
  return (
    <PageHeader
      eyebrow={
        <Button asChild variant="ghost" size="sm" className="-ml-3 w-fit text-muted-foreground">
          <Link to="/admin">
            <ArrowLeft aria-hidden="true" />
            Admin Dashboard
          </Link>
        </Button>
      }
      {...props}
    />
  );
}
