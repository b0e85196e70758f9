package report

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"watchwin/internal/db"
	"watchwin/internal/money"
	"watchwin/internal/period"
)

// What the owner learns from proof of watching
// (docs/product.md#retention-and-sources): where in a video viewers stop, and
// which channel brought the people who registered, watched, paid and redeemed.

// RetentionBuckets is how many equal parts a video's retention curve has.
const RetentionBuckets = 100

// Retention is one webinar's retention curve: for each of 100 equal parts
// of the video, the share (percent, one decimal) of its registrants who
// watched at least half of that part; the median share of the video a
// registrant watched; and the point (seconds) by which half of those who
// started watching had stopped (their furthest point).
type Retention struct {
	WebinarID      string    `json:"webinar_id"`
	Title          string    `json:"webinar_title"`
	LengthSeconds  int       `json:"length_seconds"` // 0: no length set, no curve
	Registrants    int       `json:"registrants"`
	Viewers        int       `json:"viewers"` // registrants with any second watched
	Buckets        []float64 `json:"buckets"`
	MedianPercent  float64   `json:"median_watched_percent"`
	HalfStoppedSec int       `json:"half_stopped_seconds"`
}

// stretch is [a, b) seconds, as registration stores "a-b,c-d".
type stretch struct{ a, b float64 }

func parseStretches(s string) []stretch {
	var out []stretch
	for part := range strings.SplitSeq(s, ",") {
		x, y, ok := strings.Cut(part, "-")
		if !ok {
			continue
		}
		a, err1 := strconv.Atoi(x)
		b, err2 := strconv.Atoi(y)
		if err1 == nil && err2 == nil && b > a {
			out = append(out, stretch{float64(a), float64(b)})
		}
	}
	return out
}

// retentionOf computes a curve from each registrant's stored stretches
// (disjoint, as registration keeps them).
func retentionOf(length int, stored []string) (buckets []float64, median float64, halfStopped, viewers int) {
	buckets = make([]float64, RetentionBuckets)
	if length <= 0 || len(stored) == 0 {
		return buckets, 0, 0, 0
	}
	counts := make([]int, RetentionBuckets)
	shares := make([]float64, 0, len(stored))
	var stops []int
	part := float64(length) / RetentionBuckets
	for _, s := range stored {
		st := parseStretches(s)
		total, furthest := 0.0, 0.0
		for _, x := range st {
			total += x.b - x.a
			furthest = max(furthest, x.b)
		}
		shares = append(shares, min(100, total*100/float64(length)))
		if total > 0 {
			stops = append(stops, int(furthest))
		}
		for k := range RetentionBuckets {
			lo, hi := float64(k)*part, float64(k+1)*part
			seen := 0.0
			for _, x := range st {
				if a, b := max(x.a, lo), min(x.b, hi); b > a {
					seen += b - a
				}
			}
			if seen*2 >= hi-lo {
				counts[k]++
			}
		}
	}
	for k, n := range counts {
		buckets[k] = percent(n, len(stored))
	}
	slices.Sort(shares)
	median = medianOf(shares)
	if len(stops) > 0 {
		slices.Sort(stops)
		halfStopped = stops[(len(stops)-1)/2]
	}
	return buckets, float64(int(median*10)) / 10, halfStopped, len(stops)
}

// medianOf is the median of sorted values (the mean of the middle two for
// an even count).
func medianOf(v []float64) float64 {
	n := len(v)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

// Retention computes the curves of the webinars in the funnel of p (the
// webinars held or registered for in it), over all their registrations.
func (s *Service) Retention(ctx context.Context, p period.Period) ([]Retention, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT w.id, w.title, COALESCE(w.video_length_seconds, 0), r.watch_intervals
		FROM webinars w LEFT JOIN webinar_registrations r ON r.webinar_id = w.id
		WHERE w.id IN `+inPeriod+` ORDER BY w.event_datetime, w.title, w.id`, p.Start, p.End)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []Retention{}
	var stored [][]string
	for rows.Next() {
		var id, title string
		var length int
		var intervals *string
		if err := rows.Scan(&id, &title, &length, &intervals); err != nil {
			return nil, db.MapError(err)
		}
		if len(out) == 0 || out[len(out)-1].WebinarID != id {
			out = append(out, Retention{WebinarID: id, Title: title, LengthSeconds: length})
			stored = append(stored, nil)
		}
		if intervals != nil {
			stored[len(stored)-1] = append(stored[len(stored)-1], *intervals)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, db.MapError(err)
	}
	for i := range out {
		r := &out[i]
		r.Registrants = len(stored[i])
		r.Buckets, r.MedianPercent, r.HalfStoppedSec, r.Viewers = retentionOf(r.LengthSeconds, stored[i])
	}
	return out, nil
}

// SourceFunnel is the funnel of the registrations of one first touch made
// in a period: registered, watched (or bought, which needs it), a paid seat
// now, the coupon redeemed, and the money taken for them (payments
// fulfilled, less refunds).
type SourceFunnel struct {
	Source     string `json:"source"` // the ref code, else utm_source, else "direct"
	Medium     string `json:"utm_medium"`
	Campaign   string `json:"utm_campaign"`
	Ref        string `json:"ref"`
	Registered int    `json:"registered"`
	Watched    int    `json:"watched"`
	Paid       int    `json:"paid"`
	Redeemed   int    `json:"redeemed"`
	Revenue    Money  `json:"revenue"`
}

// Sources is the funnel by source of the registrations made in p, the
// busiest source first.
func (s *Service) Sources(ctx context.Context, p period.Period) ([]SourceFunnel, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT COALESCE(r.utm_source, ''), COALESCE(r.utm_medium, ''),
			COALESCE(r.utm_campaign, ''), COALESCE(r.ref, ''), count(*),
			sum(CASE WHEN r.watched_video_fully = TRUE OR r.purchased_coupon = TRUE THEN 1 ELSE 0 END),
			sum(CASE WHEN r.purchased_coupon = TRUE THEN 1 ELSE 0 END),
			sum(CASE WHEN EXISTS (SELECT 1 FROM coupons c WHERE c.webinar_registration_id = r.id AND c.status = 'used') THEN 1 ELSE 0 END),
			COALESCE(sum((SELECT count(*) FROM payments py WHERE py.registration_id = r.id AND py.fulfilled_at IS NOT NULL AND py.refunded_at IS NULL)), 0),
			COALESCE(sum((SELECT COALESCE(sum(py.amount_cents), 0) FROM payments py WHERE py.registration_id = r.id AND py.fulfilled_at IS NOT NULL AND py.refunded_at IS NULL)), 0)
		FROM webinar_registrations r
		WHERE r.registration_time >= $1 AND r.registration_time < $2
		GROUP BY COALESCE(r.utm_source, ''), COALESCE(r.utm_medium, ''), COALESCE(r.utm_campaign, ''), COALESCE(r.ref, '')`,
		p.Start, p.End)
	if err != nil {
		return nil, db.MapError(err)
	}
	defer rows.Close()
	out := []SourceFunnel{}
	for rows.Next() {
		var f SourceFunnel
		var source string
		var paidCount int
		var cents int64
		if err := rows.Scan(&source, &f.Medium, &f.Campaign, &f.Ref, &f.Registered, &f.Watched, &f.Paid, &f.Redeemed,
			&paidCount, &cents); err != nil {
			return nil, db.MapError(err)
		}
		f.Source = sourceLabel(source, f.Ref)
		f.Revenue = Money{Count: paidCount, Cents: cents, Dollars: money.Dollars(cents)}
		out = append(out, f)
	}
	if err := rows.Err(); err != nil {
		return nil, db.MapError(err)
	}
	slices.SortStableFunc(out, func(a, b SourceFunnel) int {
		if a.Registered != b.Registered {
			return b.Registered - a.Registered
		}
		return strings.Compare(a.Source+a.Ref, b.Source+b.Ref)
	})
	return out, nil
}

// sourceLabel names a first touch: its ref code, else its utm_source, else
// "direct".
func sourceLabel(utmSource, ref string) string {
	switch {
	case ref != "":
		return ref
	case utmSource != "":
		return utmSource
	}
	return "direct"
}
