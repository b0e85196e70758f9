import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatEventDate } from "@/lib/format";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { formatMoney } from "@/lib/money";
import { errorMessage } from "@/lib/api";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useRulesPage } from "../api/get-rules-page";
import type { PublicDraw, Rules, WebinarGiveaway } from "../api/schemas";
import { Commitment } from "./commitment";
import { NO_PURCHASE } from "./giveaway-entry-card";

function Section({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`rule-${n}`} className="grid gap-2">
      <h2 id={`rule-${n}`} className="text-lg font-bold text-ink">
        {n}. {title}
      </h2>
      <div className="grid gap-2 leading-relaxed text-zinc-700">{children}</div>
    </section>
  );
}

function RulesText({ rules }: { rules: Rules }) {
  const value = formatMoney(rules.prize_value_cents / 100);
  return (
    <div className="grid gap-6">
      <p className="rounded-lg border-2 border-accent-500 bg-accent-50 p-4 text-base font-bold text-ink">{NO_PURCHASE}</p>
      <Section n={1} title="Sponsor">
        <p>
          The giveaway is sponsored by {rules.sponsor_name}, <span className="whitespace-pre-line">{rules.sponsor_address}</span>.
        </p>
      </Section>
      <Section n={2} title="Eligibility">
        <p>
          Open to {rules.residency.replace(/\.$/, "")} who are {rules.min_age} years of age or older at the time of
          entry{rules.extra_eligibility ? `. ${rules.extra_eligibility.replace(/\.$/, "")}` : ""}. Employees of the
          sponsor (store staff and administrators) may not enter. Void where prohibited.
        </p>
      </Section>
      <Section n={3} title="Entry period">
        <p>
          Each webinar has its own giveaway. Its entry period starts when the webinar is listed on this site and ends at
          its draw: on its draw date (listed below; unless set otherwise, 30 days after the webinar) or, if earlier, when
          every paid seat of the webinar is sold.
        </p>
      </Section>
      <Section n={4} title="How to enter">
        <p>
          <strong>By purchase:</strong> buying a webinar's store-credit coupon enters you in that webinar's giveaway.
        </p>
        <p>
          <strong>Without purchase:</strong> sign in, open the webinar's page and choose "Enter the giveaway without
          purchase", confirm that you are eligible and agree to these rules. It is free, takes under a minute and does
          not take a seat.
        </p>
        <p>
          One entry per person per webinar, however you enter. A free entry has exactly the same chance of winning as
          a purchase. {NO_PURCHASE}
        </p>
      </Section>
      <Section n={5} title="Prize">
        <p>
          Each webinar's prize and its approximate retail value are listed below. Unless a webinar names its own, the
          prize is: {rules.prize_description} (approximate retail value {value}). Prizes are not transferable and no
          cash substitute is offered.
        </p>
      </Section>
      <Section n={6} title="Odds">
        <p>The odds of winning depend on the number of eligible entries received for that webinar.</p>
      </Section>
      <Section n={7} title="The draw">
        <p>
          One winner per webinar is drawn at random among all of its entries, paid and free, each with the same chance,
          by a cryptographic random number generator. The draw happens on the draw date, or when every paid seat is
          sold if that comes first, even when few entries were received.
        </p>
        <p>
          Every draw can be checked. When a webinar is listed, before anyone can enter, the store draws a secret seed and
          publishes its SHA-256 fingerprint (the commitment) below. At the draw it reveals the seed: the winner is the
          entry whose position in the sorted list of entry numbers follows from the seed and the list's SHA-256, so
          neither could be chosen once the entries were known. A new winner takes the next number of the same
          sequence. Each draw's page shows the values and how to check them with <code>sha256sum</code>.
        </p>
      </Section>
      <Section n={8} title="Winner notification and claim">
        <p>
          The winner is notified by e-mail within {rules.notify_days} days of the draw and must claim the prize within{" "}
          {rules.claim_days} days of that e-mail by visiting the store at {rules.sponsor_address.replace(/\n/g, ", ")}{" "}
          with the e-mail and a photo ID showing they meet the age requirement.
        </p>
      </Section>
      <Section n={9} title="Unclaimed prizes">
        <p>
          If the winner does not claim the prize in time, cannot be reached, or is not eligible, the prize is forfeited
          and a new winner is drawn from the other entries. Every draw, re-picks included, stays on record.
        </p>
      </Section>
      <Section n={10} title="Firearm and ammunition prizes">
        <p>
          If a prize is a firearm or ammunition, the transfer goes through the store as a licensed dealer, with the
          background check the law requires (in Illinois, a valid FOID card). A winner who may not lawfully receive
          the prize forfeits it and a new winner is drawn.
        </p>
      </Section>
      <Section n={11} title="General">
        <p>
          Winners are responsible for any taxes on their prize. By entering, entrants agree to these rules. Questions:{" "}
          <Link to="/contact" className="font-medium underline">
            contact us
          </Link>
          .
        </p>
      </Section>
    </div>
  );
}

function DrawLine({ draw, timeZone }: { draw: PublicDraw; timeZone: string }) {
  if (draw.outcome === "no_entrants") {
    return (
      <li>
        Drawn {formatEventDate(draw.drawn_at, timeZone)}: no entrants, so no winner.{" "}
        <Link to={`/giveaway/draws/${draw.id}`} className="text-xs font-medium underline">
          Check this draw
        </Link>
      </li>
    );
  }
  const kinds =
    draw.paid_entries !== null && draw.free_entries !== null
      ? ` (${draw.paid_entries} paid, ${draw.free_entries} free)`
      : "";
  return (
    <li className="grid gap-1">
      <span>
        Drawn {formatEventDate(draw.drawn_at, timeZone)}: {draw.entries} {draw.entries === 1 ? "entry" : "entries"}
        {kinds}. {draw.winner ? `Winner: ${draw.winner}.` : "A winner was drawn."}
        {draw.trigger === "admin_repick"
          ? draw.reason
            ? ` (A new winner; the store's reason: ${draw.reason})`
            : " (A new winner.)"
          : ""}
      </span>
      {draw.entries_sha256 && (
        <span className="text-xs break-all text-muted-foreground">
          SHA-256 of the entry list: <code>{draw.entries_sha256}</code>
          {draw.proof_kind === "random" && " (an older draw, made before draws were committed to in advance)"}
        </span>
      )}
      <Link to={`/giveaway/draws/${draw.id}`} className="w-fit text-xs font-medium underline">
        Check this draw
      </Link>
    </li>
  );
}

function WebinarGiveaways({ webinars }: { webinars: WebinarGiveaway[] }) {
  const timeZone = useStoreTimeZone();
  if (webinars.length === 0) return <p className="text-muted-foreground">No webinar giveaways are open right now.</p>;
  return (
    <ul className="grid gap-4">
      {webinars.map((w) => (
        <li key={w.webinar_id}>
          <Card className="gap-2 p-5">
            <h3 className="text-base font-bold text-ink">{w.title}</h3>
            <p className="text-sm text-zinc-700">
              Prize: {w.prize_description} (approximate retail value {formatMoney(w.prize_value_cents / 100)})
            </p>
            <p className="text-sm text-zinc-700">
              Entry period: {formatEventDate(w.opens_at, timeZone)} to {formatEventDate(w.draws_at, timeZone)} (the draw
              date), or until every paid seat is sold. {w.open ? "Open for entries." : "Closed."}
            </p>
            <Commitment giveaway={w} />
            {w.draws.length > 0 && (
              <ul className="grid gap-2 text-sm text-zinc-700" aria-label={`Draws for ${w.title}`}>
                {w.draws.map((d) => (
                  <DrawLine key={d.id} draw={d} timeZone={timeZone} />
                ))}
              </ul>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** "/giveaway-rules" (public): the official rules, built from the admin's Giveaway settings, and every draw's record. */
export function GiveawayRulesPage() {
  useDocumentTitle("Official Giveaway Rules");
  const page = useRulesPage();
  let body;
  if (page.isPending) {
    body = <div role="status" aria-label="Loading the rules"><Skeleton className="h-96 w-full" /></div>;
  } else if (page.isError) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>Could not load the rules.</AlertTitle>
        <AlertDescription>{errorMessage(page.error)}</AlertDescription>
      </Alert>
    );
  } else {
    body = (
      <div className="grid gap-10">
        <RulesText rules={page.data.rules} />
        <section aria-labelledby="webinar-giveaways" className="grid gap-4">
          <h2 id="webinar-giveaways" className="text-xl font-bold text-ink">
            Webinar giveaways and results
          </h2>
          <WebinarGiveaways webinars={page.data.webinars} />
        </section>
      </div>
    );
  }
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title="Official Giveaway Rules" description="The gear giveaway of every webinar: who may enter, how, and how the winner is drawn." />
      {body}
    </PageContainer>
  );
}
