import { PageContainer, PageHeader } from "@/components/layout/page";
import { useSiteInfo } from "@/lib/site-settings/get-site-info";
import { useDocumentTitle } from "@/lib/use-document-title";

export function PrivacyPage() {
  useDocumentTitle("Privacy Policy");
  const site = useSiteInfo();
  return (
    <PageContainer>
      <PageHeader title="Privacy Policy" description="Last updated: November 2026" />
      <div className="prose-page">
        <p>
          This policy explains what personal information WatchWin collects, why, and the choices you have. WatchWin is
          run by our retail store{site.store_address ? ` at ${site.store_address}` : ""}.
        </p>

        <h2>Information we collect</h2>
        <ul>
          <li>
            <strong>Account details:</strong> your name, e-mail address, phone number, a protected (hashed) version of
            your password, and your confirmation that you are 21 or older.
          </li>
          <li>
            <strong>Webinar activity:</strong> which webinars you registered for, the name, e-mail and phone you gave
            when registering, whether you finished the video, and whether you bought a coupon.
          </li>
          <li>
            <strong>Coupons and payments:</strong> your coupon codes, values, status and expiry, and the amount you
            paid. Card details are entered with and processed by our payment provider; we never see or store your full
            card number.
          </li>
          <li>
            <strong>Technical data:</strong> a session cookie that keeps you logged in, and server logs (such as time
            and address of requests) used to keep the site secure.
          </li>
        </ul>

        <h2>How we use it</h2>
        <ul>
          <li>To run your account, give you access to webinars and issue and honour your coupons.</li>
          <li>To send e-mails you need, such as coupon confirmations and giveaway notices.</li>
          <li>To pick and contact giveaway winners.</li>
          <li>To prevent fraud and abuse, and to meet our legal obligations.</li>
        </ul>
        <p>We do not sell your personal information and we do not use advertising trackers.</p>

        <h2>Cookies</h2>
        <p>
          We use one essential cookie to keep you logged in. It cannot be read by scripts on the page and is deleted
          when you log out. Webinar videos are embedded from a video-sharing service, which may set its own cookies
          when you play a video, under its own privacy policy.
        </p>

        <h2>Who we share it with</h2>
        <p>
          Only with service providers that help us run the site (hosting, e-mail delivery, card payments and video
          playback), each limited to what they need, and with authorities when the law requires it.
        </p>

        <h2>How long we keep it</h2>
        <p>
          We keep account information while your account is open. Purchase and coupon records are kept as long as tax
          and accounting rules require. You can ask us to delete your account at any time.
        </p>

        <h2>Your choices</h2>
        <p>
          You can ask to see, correct or delete your personal information by e-mailing{" "}
          <a href={`mailto:${site.contact_email}`}>{site.contact_email}</a> or calling {site.store_phone}. This site is intended only for
          adults aged 21 and over; we do not knowingly collect information from anyone younger.
        </p>

        <h2>Changes</h2>
        <p>If we change this policy we will update the date at the top of this page.</p>
      </div>
    </PageContainer>
  );
}
