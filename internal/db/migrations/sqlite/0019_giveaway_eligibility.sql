-- +goose Up
-- Giveaway eligibility (docs/product.md#giveaway): each entry keeps its
-- person's role when they entered (a paid seat's when it is paid, a free
-- entry's at entry; null for rows made before: judged by the role at the
-- draw), a simulated purchase ('DEV: Simulate Successful Payment') is
-- marked so it never counts, and each winner keeps their role at the draw,
-- so the winners screen can mark a past winner who was staff or admin.
ALTER TABLE webinar_registrations ADD COLUMN entrant_role TEXT;
ALTER TABLE webinar_registrations ADD COLUMN simulated BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE giveaway_entries ADD COLUMN entrant_role TEXT;
ALTER TABLE giveaway_winners ADD COLUMN role_at_draw TEXT;
-- Simulated purchases made before: the audit log names their registrations.
UPDATE webinar_registrations SET simulated = TRUE
WHERE purchased_coupon = TRUE AND id IN (SELECT target_id FROM audit_log WHERE action = 'payment.simulate');
-- Winners drawn before: their role now is the best record of their role then.
UPDATE giveaway_winners SET role_at_draw = (SELECT role FROM profiles p WHERE p.id = giveaway_winners.user_id);

-- +goose Down
ALTER TABLE giveaway_winners DROP COLUMN role_at_draw;
ALTER TABLE giveaway_entries DROP COLUMN entrant_role;
ALTER TABLE webinar_registrations DROP COLUMN simulated;
ALTER TABLE webinar_registrations DROP COLUMN entrant_role;
