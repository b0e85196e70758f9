import { useQueryClient } from "@tanstack/react-query";
import {
  ArrowLeft,
  CalendarDays,
  CircleAlert,
  CircleCheck,
  Clapperboard,
  Info,
  Lock,
  PartyPopper,
  Play,
  RotateCcw,
  ShieldAlert,
  TriangleAlert,
} from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { PageContainer } from "@/components/layout/page";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth/use-auth";
import { useWebinar } from "@/lib/webinars/get-webinar";
import { type Webinar } from "@/lib/webinars/schemas";
import { webinarKeys } from "@/lib/query-keys/webinars";
import { webinarPath } from "@/lib/paths";
import { formatEventDate, formatVideoLength } from "@/lib/format";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useRegistration } from "@/lib/registrations/get-registration";
import { useVideoId } from "../api/get-video";
import { useVideoCards } from "../api/video-cards";
import { useMarkWatched } from "../api/mark-watched";
import { useAdminResetRegistration, useResetRegistration } from "../api/reset-registration";
import type { Registration } from "@/lib/registrations/schemas";
import { useWatchAccess, type WatchAccess } from "../hooks/use-watch-access";
import { useWatchProgress } from "../hooks/use-watch-progress";
import type { PlayerJump } from "../hooks/use-player-jump";
import type { WatchVideo } from "@/lib/registrations/schemas";
import { clearLocalWatchFlags } from "../lib/local-watch-flags";
import type { JustRegisteredState } from "./registration-dialog";
import { VideoCards } from "./video-cards";
import { VideoPlayer } from "./video-player";

/** docs/product.md#timings-and-constants: the green 'Registration Successful' alert stays this long. */
export const JUST_REGISTERED_ALERT_MS = 10_000;
/** docs/product.md#timings-and-constants: 'Force Reset' reloads the page this long after 'Reset Complete'. */
export const FORCE_RESET_RELOAD_MS = 1000;

/** What the purchase section gets: the webinar and my registration (null while unknown). */
export type WatchPurchaseProps = { webinar: Webinar; registration: Registration | null };

type WebinarWatchPageProps = {
  /**
   * The purchase card shown once the video has ended. app/ passes the coupons
   * feature's card here, so the payment flow can own it without the two
   * features importing each other.
   */
  renderPurchase?: (props: WatchPurchaseProps) => ReactNode;
  /** The giveaway entry card of the webinar, filled by app/ from the giveaway feature. */
  renderGiveaway?: (webinarId: string) => ReactNode;
  /**
   * "Ask a question" of a question card in the video, at the second playing: app/ passes the
   * questions feature's handler; without one, question cards show no button.
   */
  onAskQuestion?: (webinarId: string, second: number) => void;
  /** Under the player: the questions feature's "Ask a question" box and published answers, filled by app/. */
  renderQuestions?: (props: WatchQuestionsSlot) => ReactNode;
};

/** What the questions part under the player gets: the webinar, and the player's position now (whole seconds). */
export type WatchQuestionsSlot = { webinarId: string; currentSecond: () => number };

/** The player's position in seconds, kept outside React state: nothing re-renders each second for it. */
function playerPosition() {
  let seconds = 0;
  return { set: (s: number) => void (seconds = s), get: () => seconds };
}

/** A watch link's ?t= (docs/product.md#resume): whole seconds inside the video, else null. */
export function startFromLink(t: string | null, lengthSeconds: number | null): number | null {
  if (t === null || !/^\d{1,6}$/.test(t)) return null;
  const at = Number(t);
  if (at <= 0 || (lengthSeconds !== null && at >= lengthSeconds)) return null;
  return at;
}

function isJustRegistered(state: unknown): state is JustRegisteredState {
  return typeof state === "object" && state !== null && (state as { justRegistered?: unknown }).justRegistered === true;
}

function ErrorLoading({ message }: { message: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-12 text-center">
      <CircleAlert className="size-12 text-accent-500" aria-hidden="true" />
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Error Loading Webinar</h1>
      <p role="alert" className="text-muted-foreground">
        {message}
      </p>
      <Button asChild size="lg">
        <Link to="/webinars">Return to Webinars</Link>
      </Button>
    </div>
  );
}

function RegistrationIssue({ reason }: { reason: "required" | "verification_failed" }) {
  return (
    <Alert variant="warning" role="alert" className="mx-auto max-w-2xl">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>Registration Issue</AlertTitle>
      <AlertDescription>
        {reason === "verification_failed"
          ? "We couldn't verify your registration for this webinar. Taking you back to the webinar page."
          : "We couldn't find your registration for this webinar. Taking you to the webinar page to register."}
      </AlertDescription>
    </Alert>
  );
}

/**
 * "/webinar/:webinarId/watch" (docs/product.md#watch-page, docs/product.md#states-and-transitions). Public route on
 * purpose: the page itself runs the watch access check (toast
 * 'Authentication required', /auth?webinarId=...; retries; the detail page
 * when not registered). Then: the player with its progress bar, 'About this
 * webinar', 'Reset Status' ('Force Reset' for admins), and after the end the
 * congratulations box and the purchase card.
 */
export function WebinarWatchPage({ renderPurchase, renderGiveaway, onAskQuestion, renderQuestions }: WebinarWatchPageProps) {
  const { webinarId = "" } = useParams();
  const webinar = useWebinar(webinarId);
  const access = useWatchAccess(webinarId, { enabled: !webinar.isError });
  const granted = access.status === "allowed" || access.status === "temporary";
  const video = useVideoId(webinarId, { enabled: granted });
  useDocumentTitle(webinar.data?.title ?? "Watch Webinar");

  // Local watched-flags are cleared on arrival; the server decides.
  useEffect(() => clearLocalWatchFlags(webinarId), [webinarId]);

  let body;
  if (webinar.isError) {
    body = <ErrorLoading message={errorMessage(webinar.error, "Unable to load this webinar. Please try again later.")} />;
  } else if (access.status === "denied") {
    body = <RegistrationIssue reason={access.reason} />;
  } else if (!granted || webinar.isPending || video.isPending) {
    body = <PageSpinner label="Loading webinar content..." />;
  } else if (video.isError) {
    body = <ErrorLoading message={errorMessage(video.error, "Unable to load this webinar. Please try again later.")} />;
  } else {
    body = (
      <WatchContent
        key={webinarId}
        webinar={webinar.data}
        video={video.data}
        access={access}
        renderPurchase={renderPurchase}
        renderGiveaway={renderGiveaway}
        onAskQuestion={onAskQuestion}
        renderQuestions={renderQuestions}
      />
    );
  }

  return <PageContainer className="grid content-start gap-6">{body}</PageContainer>;
}

type WatchContentProps = {
  webinar: Webinar;
  video: WatchVideo;
  access: WatchAccess;
  renderPurchase?: (props: WatchPurchaseProps) => ReactNode;
  /** The giveaway entry card of the webinar, filled by app/ from the giveaway feature. */
  renderGiveaway?: (webinarId: string) => ReactNode;
  onAskQuestion?: (webinarId: string, second: number) => void;
  renderQuestions?: (props: WatchQuestionsSlot) => ReactNode;
};

function WatchContent({ webinar, video, access, renderPurchase, renderGiveaway, onAskQuestion, renderQuestions }: WatchContentProps) {
  const timeZone = useStoreTimeZone();
  const registration = useRegistration(webinar.id);
  const markWatched = useMarkWatched();
  // With a video length the server decides from progress reports
  // (docs/product.md#proof-of-watching); without one, the end counts as before.
  const proof = video.lengthSeconds !== null;
  const tracker = useWatchProgress(webinar.id, proof);
  const cards = useVideoCards(webinar.id, true);
  // docs/product.md#resume: a link's ?t= starts there; else 'Resume at 12:34' from the server's point.
  const [searchParams] = useSearchParams();
  const [startAt] = useState(() => startFromLink(searchParams.get("t"), video.lengthSeconds));
  const [jump, setJump] = useState<PlayerJump | null>(null);
  const [playedHere, setPlayedHere] = useState(false);
  // 'Resume' goes away once used: focus moves on to the player, not to the page's start.
  const playerBox = useRef<HTMLDivElement>(null);
  const resume = (seconds: number) => {
    setJump({ seconds, n: 1 });
    window.requestAnimationFrame(() => playerBox.current?.querySelector<HTMLElement>("video, iframe")?.focus());
  };
  const resumeAt = proof && startAt === null && !playedHere && !jump ? (tracker.progress?.resume_seconds ?? 0) : 0;
  // The player's position, for a question asked now (docs/product.md#questions-to-the-store).
  const [position] = useState(playerPosition);
  // docs/product.md#states-and-transitions: the purchase section appears once the server has
  // recorded the end, never before: the coupon page it leads to asks the server too.
  const completed =
    (proof && tracker.progress?.watched_fully === true) || registration.data?.watched_video_fully === true;

  // The server's flag turning on while the page is open is the moment of completion.
  const watchedNow = tracker.progress?.watched_fully === true;
  const wasWatched = useRef<boolean | null>(null);
  useEffect(() => {
    if (!proof || tracker.progress === null) return;
    if (wasWatched.current === false && watchedNow)
      notify.success("Video completed!", "You've successfully completed watching this webinar.");
    wasWatched.current = watchedNow;
  }, [proof, watchedNow, tracker.progress]);

  const handleEnded = () => {
    if (proof) return; // the server's answer to the last report decides
    const done = () => notify.success("Video completed!", "You've successfully completed watching this webinar.");
    // docs/product.md#states-and-transitions: sent only if not already true.
    if (registration.data?.watched_video_fully) {
      done();
      return;
    }
    markWatched.mutate(webinar.id, {
      onSuccess: done,
      onError: () => notify.error("Error updating watch status", "There was a problem recording your video completion."),
    });
  };

  return (
    <article className="grid min-w-0 gap-6">
      <Button asChild variant="ghost" className="-ml-3 w-fit text-muted-foreground">
        <Link to={webinarPath(webinar.id)}>
          <ArrowLeft aria-hidden="true" />
          Back to Webinar Details
        </Link>
      </Button>

      <JustRegisteredAlert title={webinar.title} />
      {access.status === "temporary" && (
        <Alert variant="info">
          <Info aria-hidden="true" />
          <AlertTitle>Using Temporary Registration</AlertTitle>
          <AlertDescription>
            Your registration is still being confirmed by our server. You can watch now; refresh the page in a
            minute if anything looks wrong.
          </AlertDescription>
        </Alert>
      )}

      <header className="grid gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{webinar.title}</h1>
        <p className="flex items-center gap-2 text-base text-zinc-700">
          <CalendarDays className="size-5 shrink-0 text-accent-600" aria-hidden="true" />
          {formatEventDate(webinar.event_datetime, timeZone)}
        </p>
      </header>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
        <div className="grid min-w-0 gap-8">
          {resumeAt > 0 && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-sm">
              <p className="text-sm text-zinc-700">You stopped at {formatVideoLength(resumeAt)} last time.</p>
              <Button size="sm" onClick={() => resume(resumeAt)}>
                <Play aria-hidden="true" />
                Resume at {formatVideoLength(resumeAt)}
              </Button>
            </div>
          )}
          <div ref={playerBox} className="min-w-0">
            {video.upload && !video.upload.stream ? (
              <VideoBeingPrepared />
            ) : (
              <VideoPlayer
                videoId={video.id}
                upload={video.upload?.stream ? { webinarId: webinar.id, ...video.upload, stream: video.upload.stream } : undefined}
                onEnded={handleEnded}
                title={webinar.title}
                onPlayed={tracker.played}
                onTime={position.set}
                maxRate={video.maxRate}
                onPlaying={() => {
                  setPlayedHere(true);
                  tracker.started();
                }}
                onStopped={tracker.stopped}
                seekLimit={proof && !video.allowSeeking ? (tracker.progress?.furthest_seconds ?? 0) : undefined}
                serverPercent={proof ? (tracker.progress?.percent ?? 0) : null}
                startAt={startAt ?? undefined}
                jump={jump}
                renderOverlay={(second) => (
                  <VideoCards
                    webinarId={webinar.id}
                    cards={cards.data ?? []}
                    second={second}
                    onAskQuestion={onAskQuestion && ((at) => onAskQuestion(webinar.id, at))}
                  />
                )}
              />
            )}
          </div>
          {renderQuestions?.({ webinarId: webinar.id, currentSecond: position.get })}
          <section aria-labelledby="about-webinar" className="grid gap-3">
            <h2 id="about-webinar" className="text-xl font-bold text-ink">
              About this webinar
            </h2>
            <p className="leading-relaxed whitespace-pre-line text-zinc-700">{webinar.description}</p>
          </section>
        </div>

        <aside aria-label="Your progress" className="grid min-w-0 gap-6">
          {completed ? (
            <>
              <section
                aria-labelledby="congratulations"
                className="grid gap-2 rounded-xl border border-green-200 bg-green-50 p-5 text-green-900"
              >
                <h2 id="congratulations" className="flex items-center gap-2 text-lg font-bold">
                  <PartyPopper className="size-5 text-green-700" aria-hidden="true" />
                  Congratulations!
                </h2>
                <p className="text-sm leading-relaxed">
                  You've completed this webinar. Your exclusive coupon offer is now unlocked.
                </p>
              </section>
              {renderPurchase?.({ webinar, registration: registration.data ?? null })}
            </>
          ) : (
            <section
              aria-labelledby="unlock-offer"
              className="grid gap-2 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
            >
              <h2 id="unlock-offer" className="flex items-center gap-2 text-lg font-bold text-ink">
                <Lock className="size-5 text-accent-600" aria-hidden="true" />
                Watch to unlock your offer
              </h2>
              <p className="text-sm leading-relaxed text-muted-foreground">
                Watch the video to the end and your store-credit coupon offer appears here.
              </p>
            </section>
          )}
          {renderGiveaway?.(webinar.id)}
          <WatchStatusTools
            webinarId={webinar.id}
            completed={completed}
            onReset={tracker.reset}
          />
        </aside>
      </div>
    </article>
  );
}

/** An uploaded video not ready to play yet (docs/product.md#the-stores-own-videos). */
function VideoBeingPrepared() {
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-lg bg-ink p-6 text-center text-zinc-200 shadow-sm">
      <Clapperboard className="size-10 text-accent-400" aria-hidden="true" />
      <p role="status" className="text-base">
        This video is being prepared. Please check back soon.
      </p>
    </div>
  );
}

/** The green alert after arriving from the dialog with `justRegistered` (10 s, docs/product.md#watch-page). */
function JustRegisteredAlert({ title }: { title: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [visible, setVisible] = useState(() => isJustRegistered(location.state));

  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(() => {
      setVisible(false);
      // Forget the state, so a reload later does not show the alert again.
      navigate(".", { replace: true, state: null });
    }, JUST_REGISTERED_ALERT_MS);
    return () => window.clearTimeout(timer);
  }, [visible, navigate]);

  if (!visible) return null;
  return (
    <Alert variant="success">
      <CircleCheck aria-hidden="true" />
      <AlertTitle>Registration Successful</AlertTitle>
      <AlertDescription>You're registered for "{title}". Enjoy the webinar!</AlertDescription>
    </Alert>
  );
}

type WatchStatusToolsProps = { webinarId: string; completed: boolean; onReset: () => void };

/** Watched status with 'Reset Status' (everyone) and 'Force Reset' (admins only). */
function WatchStatusTools({ webinarId, completed, onReset }: WatchStatusToolsProps) {
  const { user, isAdmin } = useAuth();
  const queryClient = useQueryClient();
  const reset = useResetRegistration();
  const adminReset = useAdminResetRegistration();

  const handleReset = () => {
    reset.mutate(webinarId, {
      onSuccess: () => {
        onReset();
        clearLocalWatchFlags(webinarId);
        // A reset can free a seat held without a coupon: seat counts may change.
        void queryClient.invalidateQueries({ queryKey: webinarKeys.all });
        notify.success("Reset successful!", "Watched status has been reset for testing.");
      },
      onError: (error) => notify.error("Error resetting status", errorMessage(error)),
    });
  };

  const handleForceReset = () => {
    if (!user) return;
    adminReset.mutate(
      { webinarId, userId: user.id },
      {
        onSuccess: () => {
          clearLocalWatchFlags(webinarId);
          notify.success("Reset Complete", "Your registration for this webinar has been reset. Reloading...");
          window.setTimeout(() => window.location.reload(), FORCE_RESET_RELOAD_MS);
        },
        onError: (error) => notify.error("Reset Failed", errorMessage(error)),
      },
    );
  };

  return (
    <Card className="gap-4 p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-bold text-ink">Watch status</h2>
        {completed ? (
          <Badge variant="success">
            <CircleCheck aria-hidden="true" />
            Completed
          </Badge>
        ) : (
          <Badge variant="muted">In Progress</Badge>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={handleReset} disabled={reset.isPending}>
          <RotateCcw aria-hidden="true" />
          Reset Status
        </Button>
        {isAdmin && (
          <Button variant="outline" size="sm" onClick={handleForceReset} disabled={adminReset.isPending}>
            <TriangleAlert aria-hidden="true" />
            Force Reset
          </Button>
        )}
      </div>
    </Card>
  );
}
