import { zodResolver } from "@hookform/resolvers/zod";
import { MessageCircleQuestion, Send } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage, isApiError } from "@/lib/api";
import { formatVideoLength } from "@/lib/format";
import { notify } from "@/lib/toast";
import { useAskQuestion } from "../api/questions";
import { askFormSchema, type AskForm } from "../api/schemas";
import { ASK_QUESTION_FIELD } from "../lib/ask-field";

export type AskQuestionBoxProps = {
  webinarId: string;
  /** The player's position now, in whole seconds: read when the question is sent. */
  currentSecond: () => number;
};

/**
 * "Ask a question" under the player (docs/product.md#questions-to-the-store): the question goes to
 * the store with the video's second at the moment it is sent; the player is not touched, so it
 * keeps playing. The answer comes by e-mail; the first name shows beside a published answer only
 * when the box is ticked.
 */
export function AskQuestionBox({ webinarId, currentSecond }: AskQuestionBoxProps) {
  const ask = useAskQuestion(webinarId);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AskForm>({ resolver: zodResolver(askFormSchema), defaultValues: { question: "", show_name: false } });

  const onSubmit = handleSubmit(async ({ question, show_name }) => {
    const second = Math.max(0, Math.floor(currentSecond()));
    try {
      const asked = await ask.mutateAsync({ question, second, show_name });
      setSentAt(asked.second);
      reset({ question: "", show_name });
      notify.success("Question sent", "We'll e-mail you the answer.");
    } catch (error) {
      if (isApiError(error) && error.field === "question") {
        setError("question", { type: "server", message: error.message }, { shouldFocus: true });
        return;
      }
      notify.error("Your question wasn't sent", errorMessage(error));
    }
  });

  return (
    <Card className="gap-4 p-5">
      <h2 id="ask-question" className="flex items-center gap-2 text-lg font-bold text-ink">
        <MessageCircleQuestion className="size-5 text-accent-600" aria-hidden="true" />
        Ask a question
      </h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby="ask-question" className="grid gap-4">
        <FormField
          id={ASK_QUESTION_FIELD}
          label="Your question to the store"
          error={errors.question?.message}
          description="Sent with the video's current time. The video keeps playing; we answer by e-mail."
        >
          <FormControl>
            <Textarea rows={3} maxLength={500} {...register("question")} />
          </FormControl>
        </FormField>
        <div className="flex items-start gap-3">
          <Controller
            control={control}
            name="show_name"
            render={({ field }) => (
              <Checkbox
                id="ask-question-show-name"
                checked={field.value}
                onCheckedChange={(v) => field.onChange(v === true)}
                className="mt-0.5"
              />
            )}
          />
          <Label htmlFor="ask-question-show-name" className="leading-snug font-normal">
            If the store publishes the answer under the video, show my first name with it
          </Label>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            <Send aria-hidden="true" />
            {isSubmitting ? "Sending..." : "Send question"}
          </Button>
          <p role="status" className="text-sm text-muted-foreground">
            {sentAt !== null && `Sent (asked at ${formatVideoLength(sentAt)}). We'll e-mail you the answer.`}
          </p>
        </div>
      </form>
    </Card>
  );
}
