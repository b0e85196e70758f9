import type { ComponentType } from "react";
import { loadCouponPurchaseCard } from "@/features/coupons";
import { loadGiveawayEntryCard, loadGiveawayRulesForm, loadGiveawayTermsButton } from "@/features/giveaway";
import { loadWebinarWatchPage, type WatchPurchaseProps } from "@/features/registration";
import { loadWebinarRemindersDialog } from "@/features/reminders";
import { loadAdminSettingsPage } from "@/features/settings";
import { loadAdminWebinarsPage, loadWebinarDetailPage } from "@/features/webinars";

/**
 * Pages that show parts of other features. Features never import each other:
 * a page leaves a slot (a render prop or a node) and app/ fills it here with
 * the other feature's part. Each loader loads the page and its parts together,
 * in their own chunks, for app/router.tsx.
 */

/** "/webinar/:webinarId" with the giveaway entry card under the summary. */
export async function loadWebinarDetailPageWithGiveaway(): Promise<ComponentType> {
  const [WebinarDetailPage, GiveawayEntryCard] = await Promise.all([loadWebinarDetailPage(), loadGiveawayEntryCard()]);
  function renderGiveaway(webinarId: string) {
    return <GiveawayEntryCard webinarId={webinarId} />;
  }
  return function WebinarDetailPageWithGiveaway() {
    return <WebinarDetailPage renderGiveaway={renderGiveaway} />;
  };
}

/** "/webinar/:webinarId/watch" with the coupons feature's purchase card and the giveaway entry card. */
export async function loadWatchPageWithPurchase(): Promise<ComponentType> {
  const [WebinarWatchPage, CouponPurchaseCard, GiveawayEntryCard] = await Promise.all([
    loadWebinarWatchPage(),
    loadCouponPurchaseCard(),
    loadGiveawayEntryCard(),
  ]);
  function renderPurchase({ webinar, registration }: WatchPurchaseProps) {
    return <CouponPurchaseCard webinar={webinar} purchased={registration?.purchased_coupon ?? false} />;
  }
  function renderGiveaway(webinarId: string) {
    return <GiveawayEntryCard webinarId={webinarId} />;
  }
  return function WatchPageWithPurchase() {
    return <WebinarWatchPage renderPurchase={renderPurchase} renderGiveaway={renderGiveaway} />;
  };
}

/** "/admin/webinars" with each row's giveaway terms button and the reminder figures dialog. */
export async function loadAdminWebinarsPageWithParts(): Promise<ComponentType> {
  const [AdminWebinarsPage, GiveawayTermsButton, WebinarRemindersDialog] = await Promise.all([
    loadAdminWebinarsPage(),
    loadGiveawayTermsButton(),
    loadWebinarRemindersDialog(),
  ]);
  return function AdminWebinarsPageWithParts() {
    return (
      <AdminWebinarsPage
        renderRowActions={(webinar) => <GiveawayTermsButton webinarId={webinar.id} title={webinar.title} />}
        renderRemindersDialog={({ webinar, onClose }) => <WebinarRemindersDialog webinar={webinar} onClose={onClose} />}
      />
    );
  };
}

/** "/admin/settings" with the giveaway rules form in its Giveaway tab. */
export async function loadAdminSettingsPageWithGiveaway(): Promise<ComponentType> {
  const [AdminSettingsPage, GiveawayRulesForm] = await Promise.all([loadAdminSettingsPage(), loadGiveawayRulesForm()]);
  return function AdminSettingsPageWithGiveaway() {
    return <AdminSettingsPage giveawayRules={<GiveawayRulesForm />} />;
  };
}
