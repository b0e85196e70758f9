import { zodResolver } from "@hookform/resolvers/zod";
import { EyeOff, Megaphone, PlayCircle, Send } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api";
import { formatEventDate, formatVideoLength } from "@/lib/format";
import { webinarWatchPath } from "@/lib/paths";
import { notify } from "@/lib/toast";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { useQuestionAction, useQuestionInbox } from "../api/questions";
import { answerFormSchema, QUESTION_STATUSES, type AnswerForm, type InboxItem, type QuestionStatus } from "../api/schemas";

const tabLabels: Record<QuestionStatus, string> = {
  new: "New",
  answered: "Answered",
  published: "Published",
  hidden: "Hidden",
};

const emptyTexts: Record<QuestionStatus, string> = {
  new: "No new questions. Questions viewers ask from the player appear here.",
  answered: "No answered questions waiting to be published.",
  published: "No published questions.",
  hidden: "No hidden questions.",
};

/**
 * The staff's inbox of questions asked from the player (docs/product.md#questions-to-the-store), on the
 * counter and the admin screens: New (answer by e-mail, or hide), Answered (publish under the video,
 * or hide), Published (hide), Hidden. Each line links to the video at the question's second.
 */
export function QuestionsInbox() {
  const [status, setStatus] = useState<QuestionStatus>("new");
  const counts = useQuestionInbox(status).data?.counts;
  return (
    <Tabs value={status} onValueChange={(v) => setStatus(v as QuestionStatus)}>
      <TabsList aria-label="Questions by status" className="h-auto flex-wrap">
        {QUESTION_STATUSES.map((s) => (
          <TabsTrigger key={s} value={s} className="min-h-9">
            {tabLabels[s]}
            {counts && ` (${counts[s] ?? 0})`}
          </TabsTrigger>
        ))}
      </TabsList>
      {QUESTION_STATUSES.map((s) => (
        <TabsContent key={s} value={s}>
          {s === status && <InboxList status={s} />}
        </TabsContent>
      ))}
    </Tabs>
  );
}

function InboxList({ status }: { status: QuestionStatus }) {
  const inbox = useQuestionInbox(status);
  if (inbox.isPending) {
    return (
      <div className="grid gap-3" aria-label="Loading questions">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  }
  if (inbox.isError) {
    return <p role="alert">{errorMessage(inbox.error, "The questions could not be loaded.")}</p>;
  }
  if (inbox.data.questions.length === 0) {
    return <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">{emptyTexts[status]}</p>;
  }
  return (
    <ul className="grid gap-4" aria-label={`${tabLabels[status]} questions`}>
      {inbox.data.questions.map((q) => (
        <li key={q.id}>
          <QuestionCard item={q} />
        </li>
      ))}
    </ul>
  );
}

function QuestionCard({ item }: { item: InboxItem }) {
  const timeZone = useStoreTimeZone();
  const action = useQuestionAction();
  const at = formatVideoLength(item.second);
  const run = (kind: "publish" | "hide", done: string) =>
    action.mutate(
      { id: item.id, kind },
      {
        onSuccess: () => notify.success(done),
        onError: (error) => notify.error("That didn't work", errorMessage(error)),
      },
    );

  return (
    <Card role="group" className="gap-3 p-5" aria-label={`Question about ${item.webinar_title} at ${at}`}>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span className="font-semibold text-ink">{item.webinar_title}</span>
        <Badge variant="outline">at {at}</Badge>
        <span>
          {item.asker_name || "A viewer"} · {formatEventDate(item.created_at, timeZone)}
        </span>
        {item.show_name && <Badge variant="muted">Name may be shown</Badge>}
      </div>
      <p className="text-base font-semibold text-ink">{item.question}</p>
      {item.answer !== null && (
        <div className="grid gap-1 rounded-lg bg-zinc-50 p-3">
          <p className="text-xs font-semibold text-muted-foreground uppercase">Answer (e-mailed)</p>
          <p className="whitespace-pre-line text-zinc-800">{item.answer}</p>
        </div>
      )}
      {item.status === "new" && <AnswerForm item={item} />}
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="ghost" size="sm">
          {/* A document load: the inbox may sit in the counter's document, whose policies allow no video. */}
          <a href={webinarWatchPath(item.webinar_id, item.second)}>
            <PlayCircle aria-hidden="true" />
            Watch at {at}
          </a>
        </Button>
        {item.status === "answered" && (
          <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => run("publish", "Published under the video")}>
            <Megaphone aria-hidden="true" />
            Publish under the video
          </Button>
        )}
        {item.status !== "hidden" && (
          <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => run("hide", "Question hidden")}>
            <EyeOff aria-hidden="true" />
            Hide
          </Button>
        )}
      </div>
    </Card>
  );
}

function AnswerForm({ item }: { item: InboxItem }) {
  const action = useQuestionAction();
  const id = `answer-${item.id}`;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AnswerForm>({ resolver: zodResolver(answerFormSchema), defaultValues: { answer: "" } });

  const onSubmit = handleSubmit(async ({ answer }) => {
    try {
      await action.mutateAsync({ id: item.id, kind: "answer", answer });
      notify.success("Answer sent", "The asker gets it by e-mail with a link back to this moment.");
    } catch (error) {
      setError("answer", { type: "server", message: errorMessage(error) }, { shouldFocus: true });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label={`Answer the question at ${formatVideoLength(item.second)}`}>
      <FormField id={id} label="Your answer" error={errors.answer?.message} description="E-mailed to the asker with the question.">
        <FormControl>
          <Textarea rows={3} maxLength={2000} {...register("answer")} />
        </FormControl>
      </FormField>
      <Button type="submit" size="sm" className="w-fit" disabled={isSubmitting} aria-busy={isSubmitting}>
        <Send aria-hidden="true" />
        {isSubmitting ? "Sending..." : "Send answer"}
      </Button>
    </form>
  );
}
