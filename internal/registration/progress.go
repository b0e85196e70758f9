package registration

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/webinar"
)

// Proof of watching (docs/product.md#proof-of-watching): the watch page
// reports the stretches it played; the server merges them per registration
// into unique seconds, credits no more new seconds than twice the wall-clock
// time that passed while playing (the fastest playback rate offered), of an
// uploaded video only the seconds it served, with seeking off nothing that
// starts past the furthest point, and decides itself when the video was
// watched fully.

const (
	// DefaultCompletePercent is the share of the video's unique seconds
	// that makes it watched fully (WATCHWIN_WATCH_COMPLETE_PERCENT).
	DefaultCompletePercent = 90
	// finalStretch: the last seconds of the video must be among them.
	finalStretch = 30
	// maxRate is the fastest playback rate the player offers: seconds of
	// video credited per second of wall-clock time. The watch page reads it
	// from Video (max_playback_rate).
	maxRate = 2
	// firstReportGrace is the wall-clock time a registration's first
	// report may account for (the watch page sends an empty report when
	// playback starts, so an honest viewer's first stretch fits).
	firstReportGrace = 10 * time.Second
	// idleWindow: the budget counts at most this much wall-clock time
	// before a report, so it does not build up while nothing plays. The
	// page reports every 10 s while playing: three reports' time, so a late
	// or lost one still counts whole.
	idleWindow = 30 * time.Second
	// endSlack: a stretch may end this much past the set length, as a
	// player's own duration can differ from it by a rounding.
	endSlack = 3
	// startSlack: with seeking off, a stretch may start this much past the
	// furthest credited second (both ends of a stretch round to whole
	// seconds, the player's and the server's).
	startSlack = 2
	// segmentAhead: with seeking off, a segment may start this much past
	// the furthest credited second: the player buffers about 30 s ahead,
	// credit trails playback by a report (10 s), and a segment is 6 s long.
	segmentAhead = 60
	// maxIntervals in one report: a page sends a handful.
	maxIntervals = 100
)

// ProgressInput is one report: the stretches played since the last one,
// each [start, end] in seconds of the video.
type ProgressInput struct {
	Intervals [][]float64 `json:"intervals"`
}

// Progress is what the server knows of a registration's watching.
type Progress struct {
	LengthSeconds   int `json:"length_seconds"`
	WatchedSeconds  int `json:"watched_seconds"`
	Percent         int `json:"percent"`          // of the length, rounded down
	FurthestSeconds int `json:"furthest_seconds"` // end of the last stretch played
	// ResumeSeconds is where the watch page offers to go on (resumePoint);
	// 0: from the start.
	ResumeSeconds   int  `json:"resume_seconds"`
	WatchedFully    bool `json:"watched_fully"`
	CompletePercent int  `json:"complete_percent"`
	AllowSeeking    bool `json:"allow_seeking"`
}

var errNoLength = apperr.Conflict("video_length_unset",
	"This webinar has no video length yet, so watching is recorded when the video ends.")

func badInterval(format string, args ...any) error {
	return apperr.Invalid("intervals", fmt.Sprintf(format, args...))
}

// readIntervals checks a report against the video's length and returns its
// stretches in whole seconds; any bad stretch refuses the whole report.
func (in ProgressInput) readIntervals(length int) ([]span, error) {
	if len(in.Intervals) > maxIntervals {
		return nil, badInterval("A report holds at most %d intervals.", maxIntervals)
	}
	out := make([]span, 0, len(in.Intervals))
	for i, iv := range in.Intervals {
		if len(iv) != 2 {
			return nil, badInterval("Interval %d must be [start, end] in seconds.", i+1)
		}
		a, b := iv[0], iv[1]
		switch {
		case math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0):
			return nil, badInterval("Interval %d must be [start, end] in seconds.", i+1)
		case a < 0 || b < 0:
			return nil, badInterval("Interval %d is negative; times start at 0 seconds.", i+1)
		case b < a:
			return nil, badInterval("Interval %d ends before it starts.", i+1)
		case b > float64(length+endSlack):
			return nil, badInterval("Interval %d ends past the video's end (%d seconds).", i+1, length)
		case b-a > float64(length):
			return nil, badInterval("Interval %d is longer than the video (%d seconds).", i+1, length)
		}
		out = append(out, span{toSeconds(a), min(toSeconds(b), length)})
	}
	return out, nil
}

// watchedFully is the completion rule: unique seconds reach percent of the
// length, the final stretch (its last 30 s, or the whole of a shorter video)
// among them; one second of the final stretch may be missing, for a player
// that stops a rounding short of the set length.
func watchedFully(s spans, length, percent int) bool {
	if length <= 0 {
		return false
	}
	need := (length*percent + 99) / 100
	final := min(finalStretch, length)
	return s.total() >= need && s.covered(length-final, length) >= final-1
}

func (s *Service) progressOf(w webinar.Webinar, sp spans, watched bool) Progress {
	p := Progress{LengthSeconds: w.VideoLengthSeconds, WatchedSeconds: sp.total(), FurthestSeconds: sp.furthest(),
		ResumeSeconds: resumePoint(sp, w.VideoLengthSeconds),
		WatchedFully:  watched, CompletePercent: s.complete, AllowSeeking: w.AllowSeeking}
	if w.VideoLengthSeconds > 0 {
		p.Percent = min(100, p.WatchedSeconds*100/w.VideoLengthSeconds)
	}
	return p
}

// Progress returns the caller's watching of a webinar (404 when not
// registered).
func (s *Service) Progress(ctx context.Context, user auth.Profile, webinarID string) (Progress, error) {
	w, err := s.webinars.Get(ctx, webinarID)
	if err != nil {
		return Progress{}, err
	}
	row, err := s.store.progressRow(ctx, webinarID, user.ID)
	if errors.Is(err, db.ErrNotFound) {
		return Progress{}, errNotRegistered
	}
	if err != nil {
		return Progress{}, err
	}
	return s.progressOf(w, parseSpans(row.intervals), row.watched), nil
}

// ReportProgress merges one report into the caller's registration under its
// row lock, so reports to several instances at once merge as one: new
// seconds are credited up to maxRate × the wall-clock time since the
// credited time caught up, counting at most idleWindow of it (the first
// report may account for firstReportGrace); of an uploaded video only
// seconds served to the registration; with seeking off no stretch starting
// past the furthest credited second (startSlack). Repeated, overlapping
// and out-of-order stretches add nothing. Reaching the completion rule sets
// watched_video_fully (and watched_at); nothing here ever clears it.
func (s *Service) ReportProgress(ctx context.Context, user auth.Profile, webinarID string, in ProgressInput) (Progress, error) {
	w, err := s.webinars.Get(ctx, webinarID)
	if err != nil {
		return Progress{}, err
	}
	if w.VideoLengthSeconds == 0 {
		return Progress{}, errNoLength
	}
	reported, err := in.readIntervals(w.VideoLengthSeconds)
	if err != nil {
		return Progress{}, err
	}
	var out Progress
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		row, err := s.store.progressRow(ctx, webinarID, user.ID)
		if errors.Is(err, db.ErrNotFound) {
			return errNotRegistered
		}
		if err != nil {
			return err
		}
		now := s.now()
		// anchor: the wall-clock moment up to which credit was used.
		anchor := now.Add(-firstReportGrace / maxRate)
		if row.progressAt.Valid {
			anchor = row.progressAt.Time
		}
		if idle := now.Add(-idleWindow); anchor.Before(idle) {
			anchor = idle // time while nothing played gives nothing
		}
		// Rounded down, and the anchor moves by exactly what was credited,
		// so no series of reports gains a second the clock did not give.
		budget := 0
		if elapsed := now.Sub(anchor); elapsed > 0 {
			budget = int(elapsed.Seconds() * maxRate)
		}
		have := parseSpans(row.intervals)
		merged, credited := have.addCapped(reported, creditRule{budget: budget,
			onlyServed: uploaded(w), served: parseSpans(row.served), noSkip: !w.AllowSeeking})
		watched := row.watched || watchedFully(merged, w.VideoLengthSeconds, s.complete)
		out = s.progressOf(w, merged, watched)
		if credited == 0 && row.progressAt.Valid && watched == row.watched {
			return nil // nothing new: nothing written
		}
		anchor = anchor.Add(time.Duration(credited) * time.Second / maxRate)
		if anchor.After(now) {
			anchor = now
		}
		return s.store.saveProgress(ctx, row.id, merged, anchor, watched && !row.watched, now)
	})
	return out, err
}

// progressRow is what ReportProgress reads of a registration.
type progressRow struct {
	id         string
	intervals  string
	served     string
	progressAt sql.NullTime
	watched    bool
}

// progressRow reads the user's registration's progress; inside a
// transaction on PostgreSQL it locks the row (SQLite's BEGIN IMMEDIATE
// already excludes every other writer).
func (s store) progressRow(ctx context.Context, webinarID, userID string) (progressRow, error) {
	lock := ""
	if s.db.Engine == db.Postgres && s.db.InTransaction(ctx) {
		lock = " FOR NO KEY UPDATE"
	}
	var r progressRow
	err := s.db.Q(ctx).QueryRowContext(ctx, `SELECT id, watch_intervals, served_intervals, progress_at, watched_video_fully
		FROM webinar_registrations WHERE webinar_id = $1 AND user_id = $2`+lock, webinarID, userID).
		Scan(&r.id, &r.intervals, &r.served, &r.progressAt, &r.watched)
	if r.progressAt.Valid {
		r.progressAt.Time = r.progressAt.Time.UTC()
	}
	return r, db.MapError(err)
}

// saveProgress writes merged stretches; completed also sets the watched
// flag and, the first time, watched_at (the offer reminder counts from it).
func (s store) saveProgress(ctx context.Context, id string, merged spans, anchor time.Time, completed bool, now time.Time) error {
	_, err := s.db.Q(ctx).ExecContext(ctx, `UPDATE webinar_registrations
		SET watch_intervals = $2, watched_seconds = $3, progress_at = $4,
		    watched_video_fully = (watched_video_fully OR $5),
		    watched_at = CASE WHEN $5 THEN COALESCE(watched_at, $6) ELSE watched_at END
		WHERE id = $1`, id, merged.String(), merged.total(), anchor, completed, now)
	return db.MapError(err)
}

// uploaded reports whether w plays a video uploaded to the store, whose
// served seconds bound its credit.
func uploaded(w webinar.Webinar) bool { return w.VideoSource == webinar.SourceUpload }

var errSkipAhead = apperr.Forbidden("Skipping ahead is off for this webinar: play on from the furthest point you watched.")

// Served records that a segment carrying seconds [start, end) of its
// webinar's uploaded video is being sent to registration id: they join
// served_intervals (the seconds a report may be credited) and served_at is
// set, in one UPDATE under the row lock, none when they are there already.
// With seeking off, a segment starting more than segmentAhead past the
// furthest credited second is refused (403) and nothing is recorded. The
// stream handler (video.StreamHandler) calls it for every segment it serves.
// A segment fetched again, of a webinar that allows seeking, is answered from
// memory (servedMemo) without reading the database.
func (s *Service) Served(ctx context.Context, registrationID string, start, end int) error {
	if end <= start || s.served.knows(registrationID, start, end, s.now()) {
		return nil
	}
	row, err := s.store.servedRow(ctx, registrationID)
	if errors.Is(err, db.ErrNotFound) {
		return errNotRegistered
	}
	if err != nil {
		return err
	}
	if !row.allowSeeking && start > parseSpans(row.intervals).furthest()+segmentAhead {
		return errSkipAhead
	}
	if served := parseSpans(row.served); served.covered(start, end) == end-start {
		s.served.remember(registrationID, served, row.allowSeeking, s.now())
		return nil // the usual case of a segment fetched again: nothing written
	}
	var served spans
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		row, err = s.store.servedRow(ctx, registrationID)
		if err != nil {
			return err
		}
		served = parseSpans(row.served).add(span{start, end})
		return s.store.saveServed(ctx, registrationID, served, s.now())
	})
	if err == nil { // remembered once committed, never before
		s.served.remember(registrationID, served, row.allowSeeking, s.now())
	}
	return err
}

// servedMemo remembers, per registration, the seconds already served of a
// webinar that allows seeking, so the same segment fetched again (a player's
// retry, a second quality, a replay) costs no database read. It may only say
// "already served": served seconds never shrink (a reset keeps them), so a
// remembered span stays true; an entry lives servedMemoFor, so an admin turning
// seeking off takes effect within it, and the memo forgets everything when it
// holds servedMemoMax registrations. Each instance keeps its own.
type servedMemo struct {
	mu      sync.Mutex
	entries map[string]servedEntry
}

type servedEntry struct {
	served spans
	at     time.Time
}

const (
	servedMemoFor = time.Minute
	servedMemoMax = 50_000
)

// knows reports whether [start, end) is remembered as served to id.
func (m *servedMemo) knows(id string, start, end int, now time.Time) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[id]
	return ok && now.Sub(e.at) < servedMemoFor && e.served.covered(start, end) == end-start
}

// remember keeps id's served seconds when its webinar allows seeking (with
// seeking off, every segment must be checked against the furthest point).
func (m *servedMemo) remember(id string, served spans, allowSeeking bool, now time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !allowSeeking {
		delete(m.entries, id)
		return
	}
	if m.entries == nil || len(m.entries) >= servedMemoMax {
		m.entries = make(map[string]servedEntry)
	}
	m.entries[id] = servedEntry{served: served, at: now}
}
