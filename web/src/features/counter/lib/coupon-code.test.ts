import { describe, expect, it } from "vitest";
import { counterUrl } from "@/lib/paths";
import { extractCode, normalizeCouponCode } from "./coupon-code";

describe("normalizeCouponCode", () => {
  it.each([
    ["LW-7K3M-Q9PX-4TRW", "the canonical form"],
    ["lw-7k3m-q9px-4trw", "lower case"],
    ["  LW-7K3M-Q9PX-4TRW  ", "blanks around it"],
    ["LW7K3MQ9PX4TRW", "no hyphens"],
    ["LW 7K3M Q9PX 4TRW", "spaces for hyphens"],
    ["LW--7K3M-Q9PX--4TRW-", "extra hyphens"],
    ["lw7k3m-q9px4trw", "some hyphens"],
    ["LW-7K3M-Q9PX-4TRW\n", "a scanner's line end"],
  ])("reads %j (%s) as LW-7K3M-Q9PX-4TRW", (input) => {
    expect(normalizeCouponCode(input)).toBe("LW-7K3M-Q9PX-4TRW");
  });

  it("reads O, I and L after the prefix as 0, 1 and 1 (Crockford)", () => {
    expect(normalizeCouponCode("LW-OOOO-IIII-LLLL")).toBe("LW-0000-1111-1111");
    expect(normalizeCouponCode("lw-o1i0-l0o1-1234")).toBe("LW-0110-1001-1234");
  });

  it("takes the code out of the counter URL a coupon's QR holds", () => {
    expect(normalizeCouponCode("https://shop.example.com/counter?code=LW-7K3M-Q9PX-4TRW")).toBe("LW-7K3M-Q9PX-4TRW");
    expect(normalizeCouponCode("http://127.0.0.1:8080/counter?code=lw7k3mq9px4trw&x=1")).toBe("LW-7K3M-Q9PX-4TRW");
    expect(normalizeCouponCode("/counter?code=LW-7K3M-Q9PX-4TRW")).toBe("LW-7K3M-Q9PX-4TRW");
  });

  it.each([
    ["", "nothing"],
    ["LW-7K3M-Q9PX-4TR", "one character short"],
    ["LW-7K3M-Q9PX-4TRWX", "one character too many"],
    ["LW-7K3M-Q9PX-4TRU", "U is not in the alphabet"],
    ["XX-7K3M-Q9PX-4TRW", "another prefix"],
    ["7K3M-Q9PX-4TRW", "no prefix"],
    ["https://shop.example.com/counter", "a URL without a code"],
    ["https://shop.example.com/counter?code=hello", "a URL with something else"],
    ["LW-7K3M-Q9PX-4T#W", "a symbol"],
  ])("refuses %j (%s)", (input) => {
    expect(normalizeCouponCode(input)).toBeNull();
  });
});

describe("extractCode", () => {
  it("leaves a bare code as typed, trimmed", () => {
    expect(extractCode("  lw-7k3m  ")).toBe("lw-7k3m");
  });
});

describe("counterUrl", () => {
  it("is the counter page of this site with the code, which normalizeCouponCode reads back", () => {
    const url = counterUrl("LW-7K3M-Q9PX-4TRW", "https://shop.example.com");
    expect(url).toBe("https://shop.example.com/counter?code=LW-7K3M-Q9PX-4TRW");
    expect(normalizeCouponCode(url)).toBe("LW-7K3M-Q9PX-4TRW");
    expect(counterUrl("LW-7K3M-Q9PX-4TRW")).toBe(`${window.location.origin}/counter?code=LW-7K3M-Q9PX-4TRW`);
  });
});
