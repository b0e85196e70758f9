import { z } from "@/lib/zod";
import type { CardFieldErrors } from "./payment-flow";

/**
 * The built-in test provider's cards (docs/product.md#card-payment; the same numbers as
 * Stripe's test cards). Any future expiry, any 3-digit CVC, any 5-digit ZIP.
 */
export const TEST_CARDS = [
  { number: "4242 4242 4242 4242", outcome: "Payment succeeds" },
  { number: "4000 0000 0000 0002", outcome: "Declined: 'Your card was declined.'" },
  { number: "4000 0000 0000 9995", outcome: "Declined: insufficient funds" },
] as const;

// Messages worded as a card element words them (and as the server does).
export const cardMessages = {
  numberIncomplete: "Your card number is incomplete.",
  numberInvalid: "Your card number is invalid.",
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonth: "Your card's expiration month is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryYear: "Your card's expiration year is invalid.",
  cvc: "Your card's security code is incomplete.",
  postal: "Your postal code is incomplete.",
} as const;

const digitsOf = (value: string) => value.replace(/\D/g, "");

/** Groups a typed card number in fours: "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Formats a typed expiry as "MM / YY": "1" → "1", "12" → "12 / ", "1230" → "12 / 30"; a leading 2–9 gets its 0. */
export function formatExpiry(value: string, previous = ""): string {
  let d = digitsOf(value).slice(0, 4);
  if (d.length === 1 && d > "1") d = `0${d}`;
  // Deleting the separator deletes the month's last digit too.
  if (previous.endsWith(" / ") && value.length < previous.length) return d.slice(0, 1);
  if (d.length < 2) return d;
  return `${d.slice(0, 2)} / ${d.slice(2)}`;
}

/** Luhn's check, which every real and test card number passes. */
function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let n = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** Month (1–12) and four-digit year of "MM / YY", or null when incomplete. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(value);
  if (!m) return null;
  return { month: Number(m[1]), year: 2000 + Number(m[2]) };
}

/** The test card form's schema; `now` decides which expiry dates are past. */
export function testCardSchema(now: Date = new Date()) {
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  return z.object({
    cardNumber: z.string().superRefine((value, ctx) => {
      const d = digitsOf(value);
      if (d.length < 13 || /[^\d\s-]/.test(value)) ctx.addIssue({ code: "custom", message: cardMessages.numberIncomplete });
      else if (!luhn(d)) ctx.addIssue({ code: "custom", message: cardMessages.numberInvalid });
    }),
    expiry: z.string().superRefine((value, ctx) => {
      const exp = parseExpiry(value);
      if (!exp) ctx.addIssue({ code: "custom", message: cardMessages.expiryIncomplete });
      else if (exp.month < 1 || exp.month > 12) ctx.addIssue({ code: "custom", message: cardMessages.expiryMonth });
      else if (exp.year < thisYear || (exp.year === thisYear && exp.month < thisMonth))
        ctx.addIssue({ code: "custom", message: cardMessages.expiryPast });
      else if (exp.year > thisYear + 30) ctx.addIssue({ code: "custom", message: cardMessages.expiryYear });
    }),
    cvc: z.string().trim().regex(/^\d{3,4}$/, { error: cardMessages.cvc }),
    postalCode: z.string().trim().regex(/^\d{5}$/, { error: cardMessages.postal }),
  });
}
export type TestCardValues = z.infer<ReturnType<typeof testCardSchema>>;

/** The server names its fields by the JSON key; the form by its own names. */
const serverFields: Record<string, keyof CardFieldErrors> = {
  card_number: "cardNumber",
  exp_month: "expiry",
  exp_year: "expiry",
  cvc: "cvc",
  postal_code: "postalCode",
};

/** The form field a server error names, if any. */
export function cardFieldOf(serverField: string | undefined): keyof CardFieldErrors | undefined {
  return serverField ? serverFields[serverField] : undefined;
}
