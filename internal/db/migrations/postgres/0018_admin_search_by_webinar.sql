-- +goose Up
-- The admin coupon search (docs/api.md#admin-coupons): a search that
-- matches a webinar's title reads at most a page of that webinar's newest
-- coupons, after the page's cursor, from this index alone (an index-only
-- scan in the list's order, created_at DESC then id). It serves every use
-- of the (webinar_id, created_at) index it replaces.
DROP INDEX coupons_webinar;
CREATE INDEX coupons_webinar ON coupons (webinar_id, created_at DESC, id);

-- +goose Down
DROP INDEX coupons_webinar;
CREATE INDEX coupons_webinar ON coupons (webinar_id, created_at);
