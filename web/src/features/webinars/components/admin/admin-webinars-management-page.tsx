import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { PlaceholderPage } from "@/components/layout/placeholder-page";
import { Button } from "@/components/ui/button";

/** "/admin/webinars/management" (admin only): under construction by design (docs/product.md#route-table). */
export function AdminWebinarsManagementPage() {
  return (
    <PlaceholderPage title="Webinar Management" message="This page is under construction.">
      <Button asChild variant="outline" className="mt-6">
        <Link to="/admin/webinars">
          <ArrowLeft aria-hidden="true" />
          Back to Manage Webinars
        </Link>
      </Button>
    </PlaceholderPage>
  );
}
