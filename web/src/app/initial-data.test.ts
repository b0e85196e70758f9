import { describe, expect, it } from "vitest";
import { createQueryClient } from "./query-client";
import { INITIAL_DATA_ID, primeQueryCache, readInitialData } from "./initial-data";

const webinar = {
  id: "w1",
  title: "Night Sights",
  description: "d",
  event_datetime: "2026-12-03T01:30:00Z",
  display_price: 40,
  actual_coupon_value_percentage: 120,
  coupon_value: 48,
  min_purchase: 96,
  total_seats: 20,
  seats_left: 20,
  thumbnail_image_path: null,
  thumbnail_url: null,
  is_active: true,
};

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument("page");
  const script = doc.createElement("script");
  script.type = "application/json";
  script.id = INITIAL_DATA_ID;
  script.textContent = json;
  doc.body.append(script);
  return doc;
}

describe("initial data", () => {
  it("starts the query cache from the page: webinars fresh, settings stale", () => {
    const client = createQueryClient();
    const data = readInitialData(
      pageWith(
        JSON.stringify({
          config: { timezone: "America/Chicago", heroUrl: null },
          site: { site_title: "WatchWin", contact_email: "a@b.c", store_address: "x", store_phone: "y" },
          webinars: { webinars: [webinar] },
          webinar,
        }),
      ),
    );
    primeQueryCache(client, data, 1000);
    expect(client.getQueryData(["webinars", "list"])).toEqual([expect.objectContaining({ id: "w1" })]);
    expect(client.getQueryState(["webinars", "list"])?.dataUpdatedAt).toBe(1000);
    expect(client.getQueryData(["webinars", "detail", "w1"])).toEqual(expect.objectContaining({ title: "Night Sights" }));
    expect(client.getQueryData(["config"])).toEqual(expect.objectContaining({ timezone: "America/Chicago", heroUrl: null }));
    expect(client.getQueryState(["settings", "site"])?.dataUpdatedAt).toBe(0);
  });

  it("ignores a page without data or with data that does not parse", () => {
    expect(readInitialData(document.implementation.createHTMLDocument("empty"))).toEqual({});
    expect(readInitialData(pageWith("{not json"))).toEqual({});
    const client = createQueryClient();
    primeQueryCache(client, { webinars: { webinars: [{ id: 1 }] } });
    expect(client.getQueryData(["webinars", "list"])).toBeUndefined();
  });
});
