-- +goose Up
-- A paid seat holds nothing: marking a registration paid now ends its seat
-- hold in the same transaction, so the seat count no longer has to look
-- past each hold at its registration. Holds that outlived their
-- registration's purchase (a seat claimed or marked paid while a payment
-- was under way) end here.
DELETE FROM seat_holds
WHERE registration_id IN (SELECT id FROM webinar_registrations WHERE purchased_coupon = TRUE);

-- +goose Down
-- Nothing to undo: the rows deleted were counted as paid seats already.
SELECT 1;
