import { describe, expect, it } from "vitest";
import { cardFieldOf, cardMessages, formatCardNumber, formatExpiry, parseExpiry, testCardSchema } from "./test-card";

const now = new Date(2026, 10, 22); // November 2026
const valid = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 30", cvc: "123", postalCode: "60540" };

function firstError(values: Partial<typeof valid>) {
  const result = testCardSchema(now).safeParse({ ...valid, ...values });
  return result.success ? null : result.error.issues[0].message;
}

describe("test card form rules", () => {
  it("accepts the test cards", () => {
    for (const number of ["4242 4242 4242 4242", "4000 0000 0000 0002", "4000000000009995"]) {
      expect(firstError({ cardNumber: number })).toBeNull();
    }
  });

  it.each([
    [{ cardNumber: "" }, cardMessages.numberIncomplete],
    [{ cardNumber: "4242 4242" }, cardMessages.numberIncomplete],
    [{ cardNumber: "4242 4242 4242 4241" }, cardMessages.numberInvalid],
    [{ expiry: "" }, cardMessages.expiryIncomplete],
    [{ expiry: "1" }, cardMessages.expiryIncomplete],
    [{ expiry: "13 / 30" }, cardMessages.expiryMonth],
    [{ expiry: "10 / 26" }, cardMessages.expiryPast],
    [{ expiry: "01 / 25" }, cardMessages.expiryPast],
    [{ expiry: "12 / 99" }, cardMessages.expiryYear],
    [{ cvc: "12" }, cardMessages.cvc],
    [{ cvc: "12a" }, cardMessages.cvc],
    [{ postalCode: "6054" }, cardMessages.postal],
  ])("%o → %s", (values, message) => {
    expect(firstError(values)).toBe(message);
  });

  it("accepts this month's expiry", () => {
    expect(firstError({ expiry: "11 / 26" })).toBeNull();
  });

  it("formats what is typed", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-42x")).toBe("4242 42");
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("4")).toBe("04 / ");
    expect(formatExpiry("12")).toBe("12 / ");
    expect(formatExpiry("1230")).toBe("12 / 30");
    expect(formatExpiry("12 /", "12 / ")).toBe("1");
    expect(parseExpiry("12 / 30")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("12/30")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("12")).toBeNull();
  });

  it("maps the server's field names onto the form's", () => {
    expect(cardFieldOf("card_number")).toBe("cardNumber");
    expect(cardFieldOf("exp_year")).toBe("expiry");
    expect(cardFieldOf("postal_code")).toBe("postalCode");
    expect(cardFieldOf("client_secret")).toBeUndefined();
    expect(cardFieldOf(undefined)).toBeUndefined();
  });
});
