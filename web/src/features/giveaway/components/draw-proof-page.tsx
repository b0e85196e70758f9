import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatEventDate } from "@/lib/format";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { errorMessage } from "@/lib/api";
import { useDocumentTitle } from "@/lib/use-document-title";
import { entryListPath, usePublicDraw } from "../api/get-public-draw";
import type { PublicDraw } from "../api/schemas";

const HOW: Record<string, string> = {
  seats_filled: "when every paid seat was sold",
  deadline: "on the draw date",
  admin_repick: "as a new winner",
};

/** The file name the entry list downloads as (the server's Content-Disposition). */
export const entryListFile = (drawId: string) => `giveaway-entries-${drawId}.txt`;

/** The shell commands that check a commit-and-reveal draw, with its values filled in (docs/product.md#giveaway). */
export function checkCommands(d: PublicDraw) {
  const file = entryListFile(d.id);
  const message = `${d.seed}:${d.entries_sha256}:${d.counter}`;
  return {
    listHash: `sha256sum ${file}`,
    commitment: `printf '%s' ${d.seed} | sha256sum`,
    digest: `printf '%s' ${message} | sha256sum`,
    index: `echo "ibase=16; $(printf '%s' ${message} | sha256sum | cut -c1-64 | tr a-f A-F) % ${d.entries.toString(16).toUpperCase()}" | bc`,
    line: `sed -n '${(d.winner_index ?? 0) + 1}p' ${file}`,
  };
}

function Value({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-medium text-ink">{label}</dt>
      <dd className="break-all text-zinc-700">{children}</dd>
    </div>
  );
}

function Command({ label, children }: { label: string; children: string }) {
  return (
    <li className="grid gap-1">
      <span>{label}</span>
      <pre className="overflow-x-auto rounded-md bg-zinc-100 p-3 text-xs text-ink">
        <code>{children}</code>
      </pre>
    </li>
  );
}

function HowToCheck({ draw }: { draw: PublicDraw }) {
  const cmd = checkCommands(draw);
  const timeZone = useStoreTimeZone();
  return (
    <section aria-labelledby="how-to-check" className="grid gap-3">
      <h2 id="how-to-check" className="text-lg font-bold text-ink">
        How to check this draw
      </h2>
      <p className="text-sm leading-relaxed text-zinc-700">
        Download the entry list (one entry number per line, sorted; no names) and run these commands in a terminal
        (Linux, macOS or Windows' WSL). Each prints a value you can compare with the one above.
      </p>
      <ol className="grid list-decimal gap-3 pl-5 text-sm text-zinc-700">
        <Command label="The entry list's fingerprint: it prints the entry-list SHA-256.">{cmd.listHash}</Command>
        <Command
          label={`The seed was fixed in advance: it prints the commitment, published on the webinar's page and the official rules since ${
            draw.committed_at ? formatEventDate(draw.committed_at, timeZone) : "the webinar was listed"
          }.`}
        >
          {cmd.commitment}
        </Command>
        <Command label="The draw's number: the SHA-256 of the seed, the list's SHA-256 and the counter, joined by colons.">
          {cmd.digest}
        </Command>
        <Command label={`That number (hexadecimal) modulo the ${draw.entries} entries is the winner's index: it prints ${draw.winner_index}.`}>
          {cmd.index}
        </Command>
        <Command label="The winning entry is that line of the list, counting from 0 (so line index + 1):">{cmd.line}</Command>
      </ol>
      <p className="text-sm leading-relaxed text-zinc-700">
        The first winner of a webinar takes counter 0 (or the first counter after it whose entry is still eligible); each
        new winner the next counter whose entry has not won before (any entry again once all have). So every winner of
        the webinar follows from the seed and the list, fixed when the entries closed.
      </p>
    </section>
  );
}

function DrawProof({ draw }: { draw: PublicDraw }) {
  const timeZone = useStoreTimeZone();
  const checkable = draw.proof_kind === "commit_reveal" && draw.seed && draw.outcome === "winner";
  return (
    <div className="grid gap-8">
      <Card className="gap-3 p-5 sm:p-6">
        <p className="text-sm text-zinc-700">
          Drawn {formatEventDate(draw.drawn_at, timeZone)}, {HOW[draw.trigger] ?? draw.trigger}.{" "}
          {draw.outcome === "no_entrants"
            ? "There were no entries, so no winner."
            : draw.winner
              ? `Winner: ${draw.winner}.`
              : "A winner was drawn."}
        </p>
        {draw.reason && <p className="text-sm text-zinc-700">The store's reason for a new winner: {draw.reason}</p>}
        <dl className="grid gap-3 text-sm">
          <Value label="Entries">{draw.entries}</Value>
          {draw.entries_sha256 && (
            <Value label="Entry-list SHA-256">
              <code>{draw.entries_sha256}</code>
            </Value>
          )}
          {draw.proof_kind === "commit_reveal" ? (
            <>
              <Value label="Commitment">
                <code>{draw.commitment}</code>
              </Value>
              {draw.committed_at && <Value label="Committed">{formatEventDate(draw.committed_at, timeZone)}</Value>}
              <Value label="Seed">
                <code>{draw.seed}</code>
              </Value>
              {draw.counter !== null && <Value label="Counter">{draw.counter}</Value>}
              {draw.winner_index !== null && <Value label="Winner's index">{draw.winner_index}</Value>}
              {draw.winner_entry_id && (
                <Value label="Winning entry">
                  <code>{draw.winner_entry_id}</code>
                </Value>
              )}
            </>
          ) : (
            <Value label="Kind">
              An older draw, made before draws were committed to in advance: the store drew a random value at the draw.
              Its entry list and fingerprint are kept, but it cannot be recomputed from this page.
            </Value>
          )}
        </dl>
        {draw.entries_sha256 && (
          <a href={entryListPath(draw.id)} download={entryListFile(draw.id)} className="w-fit font-medium text-accent-700 underline">
            Download the entry list
          </a>
        )}
      </Card>
      {checkable && <HowToCheck draw={draw} />}
      <p className="text-sm">
        <Link to="/giveaway-rules" className="font-medium underline">
          Official giveaway rules and every draw
        </Link>
      </p>
    </div>
  );
}

/** "/giveaway/draws/:drawId" (public): one draw's record and how anyone can check it with `sha256sum`. */
export function DrawProofPage() {
  const { drawId = "" } = useParams();
  const draw = usePublicDraw(drawId);
  const title = draw.data?.title ? `Giveaway draw: ${draw.data.title}` : "Giveaway draw";
  useDocumentTitle(title);
  let body;
  if (draw.isPending) {
    body = (
      <div role="status" aria-label="Loading the draw">
        <Skeleton className="h-96 w-full" />
      </div>
    );
  } else if (draw.isError) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>Could not load the draw.</AlertTitle>
        <AlertDescription>{errorMessage(draw.error)}</AlertDescription>
      </Alert>
    );
  } else {
    body = <DrawProof draw={draw.data} />;
  }
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title={title} description="A giveaway draw anyone can check: fixed before the entries were known." />
      {body}
    </PageContainer>
  );
}
