import { api } from "@/lib/api";
import { testIntentSchema } from "@/lib/coupons/schemas";

/** What the test-mode card form sends: expiry as month 1–12 and a four-digit year. */
export type TestCardInput = {
  clientSecret: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode: string;
};

/**
 * POST /api/payments/test-intents/{id}/confirm: the built-in test provider's
 * stand-in for Stripe.js confirming a card (test mode only). 200 when the
 * card succeeds; 402 `card_declined` with the card's message; 400 naming the
 * field (`card_number`, `exp_month`, `exp_year`, `cvc`, `postal_code`).
 */
export function confirmTestCard(intentId: string, card: TestCardInput) {
  return api.post(
    `/api/payments/test-intents/${encodeURIComponent(intentId)}/confirm`,
    {
      client_secret: card.clientSecret,
      card_number: card.cardNumber,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      cvc: card.cvc,
      postal_code: card.postalCode,
    },
    { schema: testIntentSchema },
  );
}
