-- +goose Up
-- The store's own videos (docs/product.md#the-stores-own-videos): a webinar
-- plays its YouTube video or one uploaded to the store, transcoded to HLS
-- on the store's own storage, with captions the store keeps.
ALTER TABLE webinars ADD COLUMN video_source TEXT NOT NULL DEFAULT 'youtube'
    CHECK (video_source IN ('youtube', 'upload'));

-- One upload and what became of it. A webinar plays its newest ready video;
-- a newer upload replaces it once ready, and the older one's files go.
CREATE TABLE videos (
    id               TEXT PRIMARY KEY, -- also the folder of its files in storage
    webinar_id       TEXT NOT NULL REFERENCES webinars (id) ON DELETE CASCADE,
    status           TEXT NOT NULL CHECK (status IN ('uploading', 'queued', 'transcoding', 'ready', 'failed')),
    percent          INTEGER NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
    error            TEXT,             -- one line, for the admin, when failed
    upload_id        TEXT UNIQUE,      -- the tus upload's id until transcoded
    filename         TEXT NOT NULL,
    size_bytes       INTEGER NOT NULL CHECK (size_bytes >= 0),
    duration_seconds INTEGER,
    height           INTEGER,          -- the source's
    renditions       TEXT NOT NULL DEFAULT '', -- e.g. '360p,720p'
    created_by       TEXT REFERENCES profiles (id) ON DELETE SET NULL,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
CREATE INDEX videos_webinar ON videos (webinar_id, created_at);
CREATE INDEX videos_status ON videos (status, updated_at);

-- Captions of a video, per language, kept as WebVTT.
CREATE TABLE video_captions (
    video_id   TEXT NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
    language   TEXT NOT NULL, -- BCP 47, e.g. 'en'
    label      TEXT NOT NULL, -- 'English'
    vtt        TEXT NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (video_id, language)
);

-- The seconds of an uploaded video whose segments were served to a
-- registration ("a-b,c-d", whole seconds, merged as watch_intervals), and
-- when it last fetched one: the server credits only what it served.
ALTER TABLE webinar_registrations ADD COLUMN served_intervals TEXT NOT NULL DEFAULT '';
ALTER TABLE webinar_registrations ADD COLUMN served_at TIMESTAMP;

-- +goose Down
ALTER TABLE webinar_registrations DROP COLUMN served_at;
ALTER TABLE webinar_registrations DROP COLUMN served_intervals;
DROP TABLE video_captions;
DROP TABLE videos;
ALTER TABLE webinars DROP COLUMN video_source;
