import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { PERIODS, type PeriodChoice, type PeriodName } from "../lib/period";

type PeriodPickerProps = {
  value: PeriodChoice;
  onChange: (next: PeriodChoice) => void;
};

/**
 * The report's period (docs/api.md#reports): this month, last month or
 * this year apply at once; Custom takes a first and a last day (the store's
 * days) and applies on 'Show'.
 */
export function PeriodPicker({ value, onChange }: PeriodPickerProps) {
  const [period, setPeriod] = useState<PeriodName>(value.period);
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);

  const choose = (next: PeriodName) => {
    setPeriod(next);
    if (next !== "custom") onChange({ period: next, from: "", to: "" });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (from && to) onChange({ period: "custom", from, to });
  };

  return (
    <form onSubmit={submit} className="mb-8 flex flex-wrap items-end gap-4" aria-label="Report period">
      <div className="grid gap-2">
        <Label htmlFor="report-period">Period</Label>
        <NativeSelect id="report-period" value={period} onChange={(e) => choose(e.target.value as PeriodName)} className="w-44">
          {PERIODS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {period === "custom" && (
        <>
          <div className="grid gap-2">
            <Label htmlFor="report-from">From</Label>
            <Input id="report-from" type="date" value={from} required onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="report-to">To</Label>
            <Input id="report-to" type="date" value={to} min={from || undefined} required onChange={(e) => setTo(e.target.value)} />
          </div>
          <Button type="submit">Show</Button>
        </>
      )}
    </form>
  );
}
