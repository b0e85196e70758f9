package video

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"watchwin/internal/db"
)

// The states of an uploaded video (docs/product.md#the-stores-own-videos):
// uploading (tus parts arriving) → queued (whole, waiting for the job) →
// transcoding (percent rising) → ready (its streams in storage) or failed
// (Error says why in one line).
const (
	StatusUploading   = "uploading"
	StatusQueued      = "queued"
	StatusTranscoding = "transcoding"
	StatusReady       = "ready"
	StatusFailed      = "failed"
)

// Video is one row of videos: an upload and what became of it. Its ID is
// also the folder of its files in the webinar_videos bucket.
type Video struct {
	ID              string
	WebinarID       string
	Status          string
	Percent         int
	Error           string // one line for the admin, when failed
	UploadID        string // the tus upload's id until it is transcoded or removed
	Filename        string
	SizeBytes       int64
	DurationSeconds int // 0 until ready
	Height          int // the source's, once probed
	Renditions      []string
	CreatedBy       string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// store runs the SQL of videos and video_captions. Missing rows are
// db.ErrNotFound.
type store struct{ db *db.DB }

const videoColumns = `id, webinar_id, status, percent, COALESCE(error, ''), COALESCE(upload_id, ''), filename,
	size_bytes, COALESCE(duration_seconds, 0), COALESCE(height, 0), renditions, COALESCE(created_by, ''),
	created_at, updated_at`

// newestFirst orders a webinar's videos: the last upload first, id breaking ties.
const newestFirst = ` ORDER BY created_at DESC, id DESC`

func scanVideo(row interface{ Scan(...any) error }) (Video, error) {
	var v Video
	var renditions string
	err := row.Scan(&v.ID, &v.WebinarID, &v.Status, &v.Percent, &v.Error, &v.UploadID, &v.Filename,
		&v.SizeBytes, &v.DurationSeconds, &v.Height, &renditions, &v.CreatedBy, &v.CreatedAt, &v.UpdatedAt)
	if err != nil {
		return Video{}, db.MapError(err)
	}
	v.Renditions = splitList(renditions)
	v.CreatedAt, v.UpdatedAt = v.CreatedAt.UTC(), v.UpdatedAt.UTC()
	return v, nil
}

func splitList(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

func (s store) videos(ctx context.Context, query string, args ...any) ([]Video, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT `+videoColumns+` FROM videos `+query, args...)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	var out []Video
	for rows.Next() {
		v, err := scanVideo(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, db.MapError(rows.Err())
}

func (s store) one(ctx context.Context, query string, args ...any) (Video, error) {
	return scanVideo(s.db.Q(ctx).QueryRowContext(ctx, `SELECT `+videoColumns+` FROM videos `+query, args...))
}

func (s store) get(ctx context.Context, id string) (Video, error) {
	return s.one(ctx, `WHERE id = $1`, id)
}

func (s store) byUpload(ctx context.Context, uploadID string) (Video, error) {
	return s.one(ctx, `WHERE upload_id = $1`, uploadID)
}

// ofWebinar is the webinar's videos, newest first.
func (s store) ofWebinar(ctx context.Context, webinarID string) ([]Video, error) {
	return s.videos(ctx, `WHERE webinar_id = $1`+newestFirst, webinarID)
}

// current is the webinar's newest ready video.
func (s store) current(ctx context.Context, webinarID string) (Video, error) {
	return s.one(ctx, `WHERE webinar_id = $1 AND status = $2`+newestFirst+` LIMIT 1`, webinarID, StatusReady)
}

func (s store) insert(ctx context.Context, v Video) error {
	var createdBy any
	if v.CreatedBy != "" {
		createdBy = v.CreatedBy
	}
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO videos (id, webinar_id, status, percent, upload_id, filename,
		size_bytes, renditions, created_by, created_at, updated_at) VALUES ($1, $2, $3, 0, $4, $5, $6, '', $7, $8, $8)`,
		v.ID, v.WebinarID, v.Status, v.UploadID, v.Filename, v.SizeBytes, createdBy, v.CreatedAt)
	return db.MapError(err)
}

// setStatus moves video id from status from to status to; false when it
// was not in from (another request or instance moved it first, or it is gone).
func (s store) setStatus(ctx context.Context, id, from, to string, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE videos SET status = $3, percent = 0, updated_at = $4
		WHERE id = $1 AND status = $2`, id, from, to, now)
	return affected(res, err)
}

// touch records that an upload's parts are arriving (the prune job removes
// uploads nobody touched for a day).
func (s store) touch(ctx context.Context, id string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE videos SET updated_at = $2 WHERE id = $1 AND status = $3`,
		id, now, StatusUploading)
	return db.MapError(err)
}

// oldestQueued is the video the transcode job takes next.
func (s store) oldestQueued(ctx context.Context) (Video, error) {
	return s.one(ctx, `WHERE status = $1 ORDER BY created_at, id LIMIT 1`, StatusQueued)
}

// requeueStale puts back in the queue the transcodes whose row nobody
// updated since before: their instance stopped without finishing.
func (s store) requeueStale(ctx context.Context, before, now time.Time) (int, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE videos SET status = $1, percent = 0, updated_at = $3
		WHERE status = $2 AND updated_at < $4`, StatusQueued, StatusTranscoding, now, before)
	if err != nil {
		return 0, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// progress records a transcode's percent; false when the video is no
// longer transcoding here (deleted with its webinar, or re-queued).
func (s store) progress(ctx context.Context, id string, percent int, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE videos SET percent = $2, updated_at = $3
		WHERE id = $1 AND status = $4`, id, percent, now, StatusTranscoding)
	return affected(res, err)
}

// ready records a finished transcode; false when the video is no longer
// transcoding (its webinar was deleted meanwhile).
func (s store) ready(ctx context.Context, v Video, now time.Time) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE videos SET status = $2, percent = 100, error = NULL,
		upload_id = NULL, duration_seconds = $3, height = $4, renditions = $5, updated_at = $6
		WHERE id = $1 AND status = $7`,
		v.ID, StatusReady, v.DurationSeconds, v.Height, strings.Join(v.Renditions, ","), now, StatusTranscoding)
	return affected(res, err)
}

// fail records why a transcode failed; its upload is removed, so upload_id goes.
func (s store) fail(ctx context.Context, id, msg string, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE videos SET status = $2, percent = 0, error = $3,
		upload_id = NULL, updated_at = $4 WHERE id = $1`, id, StatusFailed, msg, now)
	return db.MapError(err)
}

func (s store) delete(ctx context.Context, id string) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM videos WHERE id = $1`, id)
	return db.MapError(err)
}

// deleteUploading removes an upload's row while its parts are still arriving.
func (s store) deleteUploading(ctx context.Context, id string) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM videos WHERE id = $1 AND status = $2`, id, StatusUploading)
	return affected(res, err)
}

// uploading is every upload whose parts are still arriving.
func (s store) uploading(ctx context.Context) ([]Video, error) {
	return s.videos(ctx, `WHERE status = $1 ORDER BY updated_at`, StatusUploading)
}

// uploadIDs is every upload id a row still names.
func (s store) uploadIDs(ctx context.Context) (map[string]bool, error) {
	ids, err := db.Strings(ctx, s.db.Q(ctx), `SELECT upload_id FROM videos WHERE upload_id IS NOT NULL`)
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}

// uncaptioned is the webinars whose newest ready video has no captions.
func (s store) uncaptioned(ctx context.Context) (map[string]bool, error) {
	ids, err := db.Strings(ctx, s.db.Q(ctx), `SELECT v.webinar_id FROM videos v
		WHERE v.status = $1
		AND NOT EXISTS (SELECT 1 FROM videos n WHERE n.webinar_id = v.webinar_id AND n.status = $1
			AND (n.created_at > v.created_at OR (n.created_at = v.created_at AND n.id > v.id)))
		AND NOT EXISTS (SELECT 1 FROM video_captions c WHERE c.video_id = v.id)`, StatusReady)
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}

func affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, db.MapError(err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// captionRow is one language's captions of a video, kept as WebVTT.
type captionRow struct {
	Language, Label, VTT string
}

func (s store) captions(ctx context.Context, videoID string) ([]captionRow, error) {
	rows, err := s.db.Q(ctx).QueryContext(ctx, `SELECT language, label, vtt FROM video_captions
		WHERE video_id = $1 ORDER BY language`, videoID)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []captionRow{}
	for rows.Next() {
		var c captionRow
		if err := rows.Scan(&c.Language, &c.Label, &c.VTT); err != nil {
			return nil, db.MapError(err)
		}
		out = append(out, c)
	}
	return out, db.MapError(rows.Err())
}

func (s store) caption(ctx context.Context, videoID, language string) (captionRow, error) {
	c := captionRow{Language: language}
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT label, vtt FROM video_captions WHERE video_id = $1 AND language = $2`,
		videoID, language).Scan(&c.Label, &c.VTT)
	return c, db.MapError(err)
}

func (s store) putCaption(ctx context.Context, videoID string, c captionRow, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `INSERT INTO video_captions (video_id, language, label, vtt, updated_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (video_id, language) DO UPDATE SET label = excluded.label, vtt = excluded.vtt,
		updated_at = excluded.updated_at`, videoID, c.Language, c.Label, c.VTT, now)
	return db.MapError(err)
}

func (s store) deleteCaption(ctx context.Context, videoID, language string) (bool, error) {
	res, err := s.db.Q(ctx).ExecContext(ctx, `DELETE FROM video_captions WHERE video_id = $1 AND language = $2`,
		videoID, language)
	return affected(res, err)
}
