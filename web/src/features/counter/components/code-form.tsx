import { Search } from "lucide-react";
import { useState, type RefObject } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

type CodeFormProps = {
  inputRef: RefObject<HTMLInputElement | null>;
  /** Take focus on mount: a keyboard-wedge scanner types into whatever has focus. */
  autoFocus: boolean;
  onSubmit: (text: string) => void;
};

/**
 * The code field: typing, or a USB/Bluetooth scanner that types the code and
 * Enter. Case, spaces and hyphens do not matter (lib/coupon-code.ts). The
 * field empties on submit, so the next scan does not add to the last one.
 */
export function CodeForm({ inputRef, autoFocus, onSubmit }: CodeFormProps) {
  const [value, setValue] = useState("");
  return (
    <form
      role="search"
      aria-label="Check a coupon"
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!value.trim()) return;
        onSubmit(value);
        setValue("");
      }}
    >
      <Label htmlFor="counter-code" className="text-base font-semibold">
        Coupon code
      </Label>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id="counter-code"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          autoFocus={autoFocus}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder="LW-XXXX-XXXX-XXXX"
          aria-describedby="counter-code-help"
          className="h-12 font-mono text-lg tracking-wider sm:h-12 sm:text-lg"
        />
        <Button type="submit" size="lg" className="h-12">
          <Search aria-hidden="true" />
          Check
        </Button>
      </div>
      <p id="counter-code-help" className="text-sm text-muted-foreground">
        Type the code and press Enter, or scan it with a barcode scanner.
      </p>
    </form>
  );
}
