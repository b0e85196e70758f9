import { zodResolver } from "@hookform/resolvers/zod";
import { Eye, Send } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useSearchParams } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api";
import { formatEventDate, formatVideoLength } from "@/lib/format";
import { notify } from "@/lib/toast";
import { useConfirmMutation } from "@/lib/use-confirm-mutation";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useStoreTimeZone } from "@/lib/use-store-time-zone";
import { useAdminWebinars } from "@/lib/webinars/get-admin-webinars";
import { useFollowUpHistory, useFollowUpTemplates, usePreviewFollowUp, useSendFollowUp } from "../api/follow-ups";
import { followUpFormSchema, SEGMENTS, type FollowUpForm, type Segment, type Sent } from "../api/schemas";

const segmentLabels: Record<Segment, string> = {
  left_before: "Left before a point",
  not_bought: "Watched 90 % but did not buy",
  never_started: "Never started",
};

const segmentHints: Record<Segment, string> = {
  left_before: "Played something, but stopped before this share of the video.",
  not_bought: "Watched at least 90 %, did not buy, and last watched at least this many days ago.",
  never_started: "Registered, never played a second.",
};

const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

/** What a send says: queued, and who was left out (docs/product.md#follow-ups). */
export function sentText(s: Sent): string {
  return `Queued ${s.queued} follow-up${s.queued === 1 ? "" : "s"}. Left out: ${s.left_out.recent} followed up this week, ${s.left_out.unsubscribed} unsubscribed.`;
}

/**
 * "/admin/follow-ups" (admin; the route guards it): pick a segment of one webinar's registrants,
 * write from the segment's template, preview who it reaches, and send once behind a confirmation
 * (docs/product.md#follow-ups).
 */
export function AdminFollowUpsPage() {
  useDocumentTitle("Follow-ups");
  const [params] = useSearchParams();
  const webinars = useAdminWebinars();
  const templates = useFollowUpTemplates();
  const preview = usePreviewFollowUp();
  const send = useSendFollowUp();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const form = useForm<FollowUpForm>({
    resolver: zodResolver(followUpFormSchema),
    defaultValues: { webinar_id: params.get("webinar") ?? "", segment: "left_before", percent: "50", days: "3", subject: "", body: "" },
  });
  const { register, setValue, getValues, formState, trigger, control } = form;
  const [webinarId, segment, percent, days] = useWatch({ control, name: ["webinar_id", "segment", "percent", "days"] });

  // The webinar named in ?webinar= shows once its option exists.
  const loaded = webinars.data;
  useEffect(() => {
    if (loaded) setValue("webinar_id", getValues("webinar_id"));
  }, [loaded, getValues, setValue]);

  // A segment starts from its default template.
  const list = templates.data?.templates;
  useEffect(() => {
    const t = list?.find((x) => x.segment === segment);
    if (!t) return;
    setValue("subject", t.subject);
    setValue("body", t.body);
  }, [list, segment, setValue]);

  // A preview stands only for the criteria it was made with.
  const resetPreview = preview.reset; // stable: the mutation observer's own
  useEffect(() => {
    resetPreview();
  }, [resetPreview, webinarId, segment, percent, days]);

  const criteria = () => {
    const v = getValues();
    return { webinarId: v.webinar_id, segment: v.segment, percent: Number(v.percent), days: Number(v.days) };
  };

  const onPreview = async () => {
    setResult(null);
    if (!(await trigger(["webinar_id", "percent", "days"]))) return;
    preview.mutate(criteria());
  };

  const sending = useConfirmMutation({
    mutation: send,
    onClose: () => setConfirming(false),
    onSuccess: (sent: Sent) => {
      const text = sentText(sent);
      setResult(text);
      notify.success("Follow-up sent", text);
      preview.reset();
    },
    onFailure: (error) => errorMessage(error, "The follow-up could not be sent."),
  });

  const onSend = async () => {
    if (!(await trigger())) return;
    setConfirming(true);
  };

  const count = preview.data?.count ?? 0;
  const errors = formState.errors;
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader
        title="Follow-ups"
        description="Mail the registrants of one webinar who left early, watched without buying, or never started. Each person gets at most one follow-up per webinar a week; people who unsubscribed are left out."
      />
      <Card>
        <CardContent className="grid gap-5 pt-6">
          <FormField id="follow-up-webinar" label="Webinar" error={errors.webinar_id?.message}>
            <FormControl>
              <NativeSelect {...register("webinar_id")}>
                <option value="">{webinars.isPending ? "Loading webinars..." : "Choose a webinar"}</option>
                {webinars.data?.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.title}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
          </FormField>

          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Who</legend>
            {SEGMENTS.map((s) => (
              <label key={s} className="flex min-h-6 cursor-pointer items-start gap-3">
                <input type="radio" value={s} {...register("segment")} className="mt-0.5 size-5 accent-accent-500" />
                <span>
                  <span className="font-medium text-ink">{segmentLabels[s]}</span>
                  <span className="block text-sm text-muted-foreground">{segmentHints[s]}</span>
                </span>
              </label>
            ))}
          </fieldset>

          {segment === "left_before" && (
            <FormField id="follow-up-percent" label="Left before (%)" error={errors.percent?.message} className="max-w-48">
              <FormControl>
                <Input inputMode="numeric" {...register("percent")} />
              </FormControl>
            </FormField>
          )}
          {segment === "not_bought" && (
            <FormField id="follow-up-days" label="Days since they watched" error={errors.days?.message} className="max-w-48">
              <FormControl>
                <Input inputMode="numeric" {...register("days")} />
              </FormControl>
            </FormField>
          )}

          <FormField id="follow-up-subject" label="Subject" error={errors.subject?.message}>
            <FormControl>
              <Input {...register("subject")} />
            </FormControl>
          </FormField>
          <FormField
            id="follow-up-body"
            label="Text"
            error={errors.body?.message}
            description={`Placeholders: ${(templates.data?.placeholders ?? ["{first_name}", "{webinar_title}", "{resume_link}"]).join(", ")}. {resume_link} opens the video at the second the person left.`}
          >
            <FormControl>
              <Textarea rows={8} {...register("body")} />
            </FormControl>
          </FormField>

          <div className="flex flex-wrap gap-3">
            <Button type="button" variant="outline" onClick={onPreview} disabled={preview.isPending} aria-busy={preview.isPending}>
              <Eye aria-hidden="true" />
              {preview.isPending ? "Loading recipients..." : "Preview recipients"}
            </Button>
            {preview.data && (
              <Button type="button" onClick={onSend} disabled={count === 0}>
                <Send aria-hidden="true" />
                {`Send to ${people(count)}`}
              </Button>
            )}
          </div>
          {preview.isError && <p role="alert">{errorMessage(preview.error, "The recipients could not be loaded.")}</p>}
          <div role="status">{result && <p className="font-medium text-ink">{result}</p>}</div>
        </CardContent>
      </Card>

      {preview.data && <RecipientList preview={preview.data} />}
      {webinarId && <History webinarId={webinarId} />}

      <ConfirmDialog
        open={confirming}
        {...sending.dialog}
        title={`Send this follow-up to ${people(count)}?`}
        confirmLabel="Send"
        pendingLabel="Sending..."
        onConfirm={() => {
          const v = getValues();
          void sending.confirm({ ...criteria(), subject: v.subject, body: v.body });
        }}
      >
        Each person gets it once, and no one gets another follow-up about this webinar for a week.
      </ConfirmDialog>
    </PageContainer>
  );
}

function RecipientList({ preview }: { preview: NonNullable<ReturnType<typeof usePreviewFollowUp>["data"]> }) {
  const { count, recipients, left_out } = preview;
  return (
    <Card className="mt-6">
      <CardHeader>
        <h2 className="text-xl font-bold text-ink">{`${people(count)} will get this follow-up`}</h2>
        <CardDescription>{`Left out: ${left_out.recent} followed up this week, ${left_out.unsubscribed} unsubscribed.`}</CardDescription>
      </CardHeader>
      <CardContent>
        {recipients.length === 0 ? (
          <p className="text-muted-foreground">Nobody in this segment right now.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="Recipients">
              <thead>
                <tr className="border-b">
                  <th className="py-2 pr-3">Name</th>
                  <th className="py-2 pr-3">E-mail</th>
                  <th className="py-2 pr-3">Watched</th>
                  <th className="py-2">Resumes at</th>
                </tr>
              </thead>
              <tbody>
                {recipients.map((r) => (
                  <tr key={r.email} className="border-b last:border-0">
                    <td className="py-2 pr-3">{r.name}</td>
                    <td className="py-2 pr-3">{r.email}</td>
                    <td className="py-2 pr-3">{`${r.percent} %`}</td>
                    <td className="py-2">{r.resume_seconds > 0 ? formatVideoLength(r.resume_seconds) : "The start"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function History({ webinarId }: { webinarId: string }) {
  const history = useFollowUpHistory(webinarId);
  const zone = useStoreTimeZone();
  const list = history.data?.follow_ups ?? [];
  if (list.length === 0) return null;
  return (
    <Card className="mt-6">
      <CardHeader>
        <h2 className="text-xl font-bold text-ink">Sent follow-ups</h2>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3" aria-label="Sent follow-ups">
          {list.map((f) => (
            <li key={f.id} className="rounded-lg border p-3 text-sm">
              <p className="font-medium text-ink">{f.subject}</p>
              <p className="text-muted-foreground">
                {`${formatEventDate(f.created_at, zone)} · ${segmentLabels[f.segment]}${f.percent != null ? ` (${f.percent} %)` : ""}${f.days != null ? ` (${f.days} days)` : ""} · queued ${f.queued}, left out ${f.left_out.recent + f.left_out.unsubscribed} · came back ${f.came_back}, bought within 7 days ${f.bought}`}
              </p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
