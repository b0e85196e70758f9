import { Construction } from "lucide-react";
import type { ReactNode } from "react";
import { AdminPageHeader } from "@/components/layout/admin-page-header";
import { PageContainer } from "@/components/layout/page";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorMessage } from "@/lib/api";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useCouponPolicy } from "@/lib/site-settings/coupon-policy";
import { useAdminSettings } from "../../api/get-admin-settings";
import { AnnouncementForm } from "./announcement-form";
import { BackgroundImagesForm } from "./background-images-form";
import { CouponPolicyForm } from "./coupon-policy-form";
import { BooksForm } from "./books-form";
import { useBooksSettings } from "../../api/books-settings";
import { GeneralInfoForm } from "./general-info-form";
import { ReminderTogglesForm } from "./reminder-toggles-form";

function TabCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-bold text-ink">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function ComingSoon({ what }: { what: string }) {
  return (
    <Alert variant="info">
      <Construction aria-hidden="true" />
      <AlertTitle>Coming soon</AlertTitle>
      <AlertDescription>{what} will be editable here in a later release.</AlertDescription>
    </Alert>
  );
}

const triggerClass = "flex-none px-4 sm:flex-1";

/** "/admin/settings" (admin only): the five tabs of docs/product.md#admin-screens, and the Giveaway tab (docs/product.md#giveaway). */
export type AdminSettingsPageProps = {
  /** The Giveaway tab's rules form, filled by app/ from the giveaway feature. */
  giveawayRules?: ReactNode;
};

export function AdminSettingsPage({ giveawayRules }: AdminSettingsPageProps = {}) {
  useDocumentTitle("Site Settings");
  const settings = useAdminSettings();
  const loaded = settings.data;
  const couponPolicy = useCouponPolicy();
  const books = useBooksSettings();

  const pending = (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading settings">
      <Skeleton className="h-10 w-1/2" />
      <Skeleton className="h-40" />
    </div>
  );
  const failed = settings.isError && (
    <Alert variant="destructive">
      <AlertTitle>Could not load the settings.</AlertTitle>
      <AlertDescription>{errorMessage(settings.error)}</AlertDescription>
    </Alert>
  );

  return (
    <PageContainer>
      <AdminPageHeader
        title="Site Settings"
        description="The store's details, the announcement banner and page backgrounds."
      />
      <Tabs defaultValue="general">
        <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList className="w-max min-w-full">
            <TabsTrigger value="general" className={triggerClass}>
              General Info
            </TabsTrigger>
            <TabsTrigger value="announcements" className={triggerClass}>
              Announcements
            </TabsTrigger>
            <TabsTrigger value="social" className={triggerClass}>
              Social Links
            </TabsTrigger>
            <TabsTrigger value="features" className={triggerClass}>
              Feature Toggles
            </TabsTrigger>
            <TabsTrigger value="backgrounds" className={triggerClass}>
              Background Images
            </TabsTrigger>
            <TabsTrigger value="coupon-value" className={triggerClass}>
              Coupon Value
            </TabsTrigger>
            <TabsTrigger value="books" className={triggerClass}>
              Books
            </TabsTrigger>
            <TabsTrigger value="giveaway" className={triggerClass}>
              Giveaway
            </TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="general">
          <TabCard title="General Info" description="Shown in the header, the footer and on the Contact page.">
            {failed || (loaded ? <GeneralInfoForm settings={loaded} /> : pending)}
          </TabCard>
        </TabsContent>
        <TabsContent value="announcements">
          <TabCard title="Announcements" description="The banner across the top of every public page.">
            {failed || (loaded ? <AnnouncementForm settings={loaded} /> : pending)}
          </TabCard>
        </TabsContent>
        <TabsContent value="social">
          <TabCard title="Social Links" description="The store's social media profiles in the footer.">
            <ComingSoon what="Social links" />
          </TabCard>
        </TabsContent>
        <TabsContent value="features">
          <TabCard title="Feature Toggles" description="Switch parts of the site on or off.">
            {failed || (loaded ? <ReminderTogglesForm settings={loaded} /> : pending)}
          </TabCard>
        </TabsContent>
        <TabsContent value="backgrounds">
          <TabCard title="Background Images" description="Choose a background for each page among the uploaded site images.">
            <BackgroundImagesForm />
          </TabCard>
        </TabsContent>
        <TabsContent value="coupon-value">
          <TabCard title="Coupon Value" description="How the value of a coupon expires: Whole or Split.">
            {couponPolicy.isError ? (
              <Alert variant="destructive">
                <AlertTitle>Could not load the coupon value settings.</AlertTitle>
                <AlertDescription>{errorMessage(couponPolicy.error)}</AlertDescription>
              </Alert>
            ) : couponPolicy.data ? (
              <CouponPolicyForm policy={couponPolicy.data} />
            ) : (
              pending
            )}
          </TabCard>
        </TabsContent>
        <TabsContent value="books">
          <TabCard title="Books" description="The counter's POS receipt number, the end-of-day e-mail and the files for your POS and accountant.">
            {books.isError ? (
              <Alert variant="destructive">
                <AlertTitle>Could not load the books settings.</AlertTitle>
                <AlertDescription>{errorMessage(books.error)}</AlertDescription>
              </Alert>
            ) : books.data ? (
              <BooksForm books={books.data} />
            ) : (
              pending
            )}
          </TabCard>
        </TabsContent>
        <TabsContent value="giveaway">
          <TabCard
            title="Giveaway"
            description="The official giveaway rules: sponsor, prize and value, eligibility and the winner's deadlines. Sponsor, address and prize value are required."
          >
            {giveawayRules}
          </TabCard>
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}
