import { lazy, Suspense, type ComponentType } from "react";
import { loadCouponPurchaseCard, loadWebinarCouponPage } from "@/features/coupons";
import { loadGiveawayEntryCard, loadGiveawayRulesForm, loadGiveawayTermsButton } from "@/features/giveaway";
import { loadWebinarWatchPage, type WatchPurchaseProps } from "@/features/registration";
import { focusAskQuestion, loadWatchQuestions, type WatchQuestionsProps } from "@/features/questions";
import { loadWebinarRemindersDialog } from "@/features/reminders";
import { loadAdminSettingsPage } from "@/features/settings";
import { loadWebinarVideoPanel } from "@/features/videos";
import { loadWaitlistCountButton, loadWaitlistPanel } from "@/features/waitlist";
import { loadAdminWebinarsPage, loadWebinarDetailPage } from "@/features/webinars";

/**
 * Pages that show parts of other features. Features never import each other:
 * a page leaves a slot (a render prop or a node) and app/ fills it here with
 * the other feature's part. Each loader loads the page and its parts together,
 * in their own chunks, for app/router.tsx.
 */

/**
 * The waiting-list panel of the webinar detail page, loaded only when the page shows it (to a
 * signed-in user): the detail page is public, and a visitor's first visit never fetches
 * signed-in code (e2e/tests/first-visit.spec.ts).
 */
const LazyWaitlistPanel = lazy(() => loadWaitlistPanel().then((WaitlistPanel) => ({ default: WaitlistPanel })));

function renderDetailWaitlist(webinarId: string, soldOut: boolean) {
  return (
    <Suspense fallback={null}>
      <LazyWaitlistPanel webinarId={webinarId} place="detail" soldOut={soldOut} />
    </Suspense>
  );
}

/** "/webinar/:webinarId" with the giveaway entry card under the summary and the waiting list in it. */
export async function loadWebinarDetailPageWithGiveaway(): Promise<ComponentType> {
  const [WebinarDetailPage, GiveawayEntryCard] = await Promise.all([loadWebinarDetailPage(), loadGiveawayEntryCard()]);
  function renderGiveaway(webinarId: string) {
    return <GiveawayEntryCard webinarId={webinarId} />;
  }
  return function WebinarDetailPageWithGiveaway() {
    return <WebinarDetailPage renderGiveaway={renderGiveaway} renderWaitlist={renderDetailWaitlist} />;
  };
}

/** "/webinar/:webinarId/coupon" with the waiting list: join it when sold out, or the seat held for me. */
export async function loadWebinarCouponPageWithWaitlist(): Promise<ComponentType> {
  const [WebinarCouponPage, WaitlistPanel] = await Promise.all([loadWebinarCouponPage(), loadWaitlistPanel()]);
  function renderWaitlist(webinarId: string) {
    return <WaitlistPanel webinarId={webinarId} place="coupon" />;
  }
  return function WebinarCouponPageWithWaitlist() {
    return <WebinarCouponPage renderWaitlist={renderWaitlist} />;
  };
}

/**
 * "/webinar/:webinarId/watch" with the coupons feature's purchase card (and its waiting list), the giveaway entry card,
 * and the questions feature's box and published answers under the player.
 */
export async function loadWatchPageWithPurchase(): Promise<ComponentType> {
  const [WebinarWatchPage, CouponPurchaseCard, GiveawayEntryCard, WaitlistPanel, WatchQuestions] = await Promise.all([
    loadWebinarWatchPage(),
    loadCouponPurchaseCard(),
    loadGiveawayEntryCard(),
    loadWaitlistPanel(),
    loadWatchQuestions(),
  ]);
  function renderWaitlist(webinarId: string) {
    return <WaitlistPanel webinarId={webinarId} place="watch" />;
  }
  function renderPurchase({ webinar, registration }: WatchPurchaseProps) {
    return (
      <CouponPurchaseCard
        webinar={webinar}
        purchased={registration?.purchased_coupon ?? false}
        renderWaitlist={renderWaitlist}
      />
    );
  }
  function renderGiveaway(webinarId: string) {
    return <GiveawayEntryCard webinarId={webinarId} />;
  }
  function renderQuestions(props: WatchQuestionsProps) {
    return <WatchQuestions {...props} />;
  }
  return function WatchPageWithPurchase() {
    return (
      <WebinarWatchPage
        renderPurchase={renderPurchase}
        renderGiveaway={renderGiveaway}
        renderQuestions={renderQuestions}
        onAskQuestion={focusAskQuestion}
      />
    );
  };
}

/**
 * "/admin/webinars" with each row's giveaway terms button and '{N} waiting', the reminder figures
 * dialog, and the uploaded video's part of the webinar form.
 */
export async function loadAdminWebinarsPageWithParts(): Promise<ComponentType> {
  const [AdminWebinarsPage, GiveawayTermsButton, WebinarRemindersDialog, WaitlistCountButton, WebinarVideoPanel] =
    await Promise.all([
      loadAdminWebinarsPage(),
      loadGiveawayTermsButton(),
      loadWebinarRemindersDialog(),
      loadWaitlistCountButton(),
      loadWebinarVideoPanel(),
    ]);
  return function AdminWebinarsPageWithParts() {
    return (
      <AdminWebinarsPage
        renderRowActions={(webinar) => <GiveawayTermsButton webinarId={webinar.id} title={webinar.title} />}
        renderRemindersDialog={({ webinar, onClose }) => <WebinarRemindersDialog webinar={webinar} onClose={onClose} />}
        renderWaitlist={(webinar) => <WaitlistCountButton webinar={webinar} />}
        renderVideoUpload={(props) => <WebinarVideoPanel {...props} />}
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
