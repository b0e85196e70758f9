import { Link } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { store } from "@/config/store";
import { useSiteInfo } from "@/lib/site-settings/get-site-info";
import { useDocumentTitle } from "@/lib/use-document-title";
import { CouponTermsList, StoreCreditTerms } from "./coupon-terms";

export function TermsPage() {
  useDocumentTitle("Terms of Service");
  const site = useSiteInfo();
  return (
    <PageContainer>
      <PageHeader title="Terms of Service" description="Last updated: November 2026" />
      <div className="prose-page">
        <p>
          These terms apply to your use of the WatchWin website, its webinars, store-credit coupons and giveaways,
          operated by our retail store{site.store_address ? ` at ${site.store_address}` : ""}. By creating an account or using the site you agree to
          them. If you do not agree, please do not use the site.
        </p>

        <h2>1. Eligibility</h2>
        <p>
          You must be 21 years of age or older to create an account, register for webinars, buy coupons or enter a
          giveaway. You are responsible for the accuracy of the information in your account and for keeping your
          password private. A valid FOID card is required for firearm purchases in {store.stateName}, and every
          purchase in our store is subject to federal, state and local law, including any required background check.
        </p>

        <h2>2. Webinars</h2>
        <p>
          Webinars are recorded videos with a limited number of seats. Registering reserves your access to watch the
          video after you log in. Seats count as taken once a coupon has been bought for that webinar. We may change,
          reschedule or withdraw a webinar at any time.
        </p>

        <h2>3. Store-credit coupons</h2>
        <p>
          After watching a webinar you may buy a store-credit coupon. The coupon's value is shown before you pay and
          is usually higher than its price (for example, pay $40 and receive a $48 coupon). Payment is taken by card
          through our payment provider. Coupon terms:
        </p>
        <CouponTermsList />
        <p>
          Coupons are void if altered, copied for reuse or obtained by fraud. A coupon that has been redeemed or has
          expired cannot be used again. Where the law gives you longer or additional rights for the amount you paid,
          those rights apply.
        </p>

        <h3>Store credit</h3>
        <StoreCreditTerms />

        <h2>4. Giveaways</h2>
        <p>
          Each webinar may include a gear giveaway. When every seat of a webinar has been taken, one winner is drawn at
          random from that webinar's coupon buyers and contacted using the details on their account. Winners must meet
          the eligibility rules above and collect the prize in person at our store; prizes that are firearms or
          require a FOID card are transferred only as the law allows. Prizes cannot be exchanged for cash.
        </p>

        <h2>5. Acceptable use</h2>
        <p>
          Do not share your account, interfere with the site, try to obtain coupons you did not pay for, or record and
          redistribute webinar content. We may suspend accounts that break these terms.
        </p>

        <h2>6. Refunds</h2>
        <p>
          If a payment succeeds after the last seat of a webinar was taken, it is refunded automatically and you are told.
          For any other question about a payment, contact us.
        </p>

        <h2>7. Liability</h2>
        <p>
          Webinars are for general information and are not a substitute for professional training. To the extent the
          law allows, the site is provided as is and our liability is limited to the amount you paid for the coupon
          concerned.
        </p>

        <h2>8. Changes and contact</h2>
        <p>
          We may update these terms; the date above shows the latest version. These terms are governed by the laws of
          the State of {store.stateName}. Questions: <a href={`mailto:${site.contact_email}`}>{site.contact_email}</a>, {site.store_phone}
          , or see our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </div>
    </PageContainer>
  );
}
