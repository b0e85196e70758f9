import { Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

type CouponSearchFormProps = {
  /** The search in the URL; the box follows it when it changes (back button, Clear search). */
  initial: string;
  /** Called with the trimmed text on Enter or Search; "" lists every coupon. */
  onSearch: (search: string) => void;
  busy?: boolean;
};

/** docs/product.md#admin-screens / docs/product.md#validation-and-its-messages: search by code, e-mail or webinar title; Enter or the Search button. */
export function CouponSearchForm({ initial, onSearch, busy = false }: CouponSearchFormProps) {
  const [text, setText] = useState(initial);
  // Follow a new URL search while rendering (no effect, no extra commit); the box keeps focus.
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setText(initial);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const search = text.trim();
    setText(search);
    onSearch(search);
  };
  return (
    <form role="search" aria-label="Coupons" onSubmit={submit} className="mb-6 grid gap-2">
      <Label htmlFor="coupon-search">Search coupons</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" aria-hidden="true" />
          <Input
            id="coupon-search"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Code, email or webinar title"
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            className="pl-9"
          />
        </div>
        <Button type="submit" disabled={busy} aria-busy={busy} className="sm:w-28">
          <Search aria-hidden="true" />
          Search
        </Button>
      </div>
    </form>
  );
}
