-- +goose Up
-- Cards in the video (docs/product.md#cards-in-the-video): the store's own
-- cards an admin places on a webinar's timeline, shown by the player from
-- start_second for duration_seconds. action: none, link (link_url: a
-- same-site path or an http(s) URL) or question (the player's "Ask a
-- question"). clicks counts the viewers' clicks, with nothing about who.
CREATE TABLE video_cards (
    id               TEXT PRIMARY KEY,
    webinar_id       TEXT NOT NULL REFERENCES webinars (id) ON DELETE CASCADE,
    start_second     INTEGER NOT NULL CHECK (start_second >= 0),
    duration_seconds INTEGER NOT NULL CHECK (duration_seconds > 0),
    title            TEXT NOT NULL,
    line             TEXT NOT NULL DEFAULT '',
    action           TEXT NOT NULL CHECK (action IN ('none', 'link', 'question')),
    link_url         TEXT NOT NULL DEFAULT '',
    clicks           INTEGER NOT NULL DEFAULT 0,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
CREATE INDEX video_cards_webinar ON video_cards (webinar_id, start_second);

-- +goose Down
DROP INDEX video_cards_webinar;
DROP TABLE video_cards;
