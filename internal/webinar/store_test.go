package webinar_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/testutil"
	"watchwin/internal/webinar"
)

// fakeThumbs stands in for the media service: it knows a fixed set of paths.
type fakeThumbs map[string]bool

func (f fakeThumbs) Exists(_ context.Context, bucket, p string) (bool, error) {
	return bucket == "webinar_assets" && f[p], nil
}

func newService(d *db.DB) *webinar.Service {
	list := webinar.NewListCache()
	return webinar.NewService(d, webinar.Deps{Seats: testutil.Seats(d, list.Invalidate), List: list,
		Thumbnails: fakeThumbs{"webinar_thumbnails/a_1.jpg": true},
		OnCreate:   func(context.Context, string) error { return nil }}, clock.Now)
}

type form struct {
	title  string
	when   time.Time
	price  string
	seats  string
	active bool
}

func createWebinar(t testing.TB, svc *webinar.Service, f form) webinar.Webinar {
	t.Helper()
	if f.price == "" {
		f.price = "40"
	}
	if f.seats == "" {
		f.seats = "20"
	}
	active := f.active
	w, err := svc.Create(context.Background(), webinar.Input{
		Title: f.title, Description: "A webinar for the store tests.",
		EventDatetime: f.when.Format(time.RFC3339), DisplayPrice: webinar.Number(f.price),
		TotalSeats: webinar.Number(f.seats), YouTubeVideoID: "dQw4w9WgXcQ", IsActive: &active,
	})
	if err != nil {
		t.Fatalf("create %q: %v", f.title, err)
	}
	return w
}

// addUser inserts a bare profile with plain SQL (registrations need one).
func addUser(t testing.TB, q db.Querier) string {
	t.Helper()
	id := uuid.NewString()
	now := clock.Now()
	if _, err := q.ExecContext(context.Background(), `INSERT INTO profiles (id, email, role, created_at, updated_at)
		VALUES ($1, $2, 'user', $3, $3)`, id, id+"@example.com", now); err != nil {
		t.Fatal(err)
	}
	return id
}

// addRegistration inserts a registration with plain SQL and returns its id.
func addRegistration(t testing.TB, q db.Querier, webinarID, userID string, paid bool) string {
	t.Helper()
	id := uuid.NewString()
	if _, err := q.ExecContext(context.Background(), `INSERT INTO webinar_registrations
		(id, webinar_id, user_id, user_name_for_registration, user_email_for_registration, registration_time, purchased_coupon)
		VALUES ($1, $2, $3, 'Test Person', 'test@example.com', $4, $5)`, id, webinarID, userID, clock.Now(), paid); err != nil {
		t.Fatal(err)
	}
	return id
}

func addRegistrations(t testing.TB, d *db.DB, webinarID string, paid, unpaid int) {
	t.Helper()
	for i := 0; i < paid+unpaid; i++ {
		addRegistration(t, d, webinarID, addUser(t, d), i < paid)
	}
}

func titles(ws []webinar.Webinar) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Title
	}
	return out
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestStoreListOrderAndActiveFilter(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		base := time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)
		createWebinar(t, svc, form{title: "Middle webinar", when: base, active: true})
		createWebinar(t, svc, form{title: "Oldest webinar", when: base.Add(-48 * time.Hour), active: true})
		createWebinar(t, svc, form{title: "Hidden webinar", when: base.Add(24 * time.Hour), active: false})
		createWebinar(t, svc, form{title: "Newest webinar", when: base.Add(72 * time.Hour), active: true})
		// A second later than Middle: sub-hour differences order correctly too.
		createWebinar(t, svc, form{title: "Middle plus one", when: base.Add(time.Second), active: true})

		pub, err := svc.ListPublic(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"Newest webinar", "Middle plus one", "Middle webinar", "Oldest webinar"}; !equal(titles(pub), want) {
			t.Errorf("public list = %v, want %v", titles(pub), want)
		}
		all, err := svc.ListAll(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"Newest webinar", "Hidden webinar", "Middle plus one", "Middle webinar", "Oldest webinar"}; !equal(titles(all), want) {
			t.Errorf("admin list = %v, want %v", titles(all), want)
		}
		if got := all[0].EventDatetime; !got.Equal(base.Add(72*time.Hour)) || got.Location() != time.UTC {
			t.Errorf("event_datetime read back as %v", got)
		}
	})
}

func TestStoreEmptyList(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		list, err := newService(d).ListPublic(context.Background())
		if err != nil || list == nil || len(list) != 0 {
			t.Fatalf("empty list = %#v, %v; want an empty, non-nil list", list, err)
		}
	})
}

func TestStoreSeatsLeft(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		when := time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)
		a := createWebinar(t, svc, form{title: "Five seats", when: when, seats: "5", active: true})
		b := createWebinar(t, svc, form{title: "Nobody yet", when: when.Add(time.Hour), active: true})
		c := createWebinar(t, svc, form{title: "Overfull one", when: when.Add(2 * time.Hour), seats: "1", active: true})
		addRegistrations(t, d, a.ID, 2, 3)
		addRegistrations(t, d, b.ID, 0, 4)
		addRegistrations(t, d, c.ID, 2, 0) // more paid than seats: never allowed by the app, clamped to 0

		want := map[string][2]int{a.ID: {2, 3}, b.ID: {0, 20}, c.ID: {2, 0}} // paid, left
		list, err := svc.ListPublic(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 3 {
			t.Fatalf("list has %d webinars, want 3", len(list))
		}
		for _, w := range list {
			if got := [2]int{w.PaidSeats, w.SeatsLeft()}; got != want[w.ID] {
				t.Errorf("%s in list: paid, left = %v, want %v", w.Title, got, want[w.ID])
			}
			one, err := svc.GetPublic(ctx, w.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got := [2]int{one.PaidSeats, one.SeatsLeft()}; got != want[w.ID] {
				t.Errorf("%s by id: paid, left = %v, want %v", w.Title, got, want[w.ID])
			}
		}
	})
}

func TestStoreGetPublicHidesInactive(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		w := createWebinar(t, svc, form{title: "Inactive webinar", when: time.Now(), active: false})
		if _, err := svc.GetPublic(ctx, w.ID); !isKind(err, apperr.KindNotFound) {
			t.Errorf("GetPublic(inactive) error = %v, want not found", err)
		}
		if _, err := svc.GetPublic(ctx, uuid.NewString()); !isKind(err, apperr.KindNotFound) {
			t.Errorf("GetPublic(missing) error = %v, want not found", err)
		}
		if got, err := svc.Get(ctx, w.ID); err != nil || got.IsActive {
			t.Errorf("Get(inactive) = %+v, %v", got, err)
		}
	})
}

func isKind(err error, k apperr.Kind) bool {
	e, ok := apperr.As(err)
	return ok && e.Kind == k
}

func TestStoreDeleteRefusesPaidSeats(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		w := createWebinar(t, svc, form{title: "Has a paid seat", when: time.Now(), active: true})
		addRegistrations(t, d, w.ID, 1, 2)
		err := svc.Delete(ctx, w.ID)
		e, ok := apperr.As(err)
		if !ok || e.Kind != apperr.KindConflict || e.Code != "webinar_has_paid_seats" ||
			e.Message != "This webinar has paid registrations and cannot be deleted. Deactivate it instead." {
			t.Fatalf("Delete error = %v, want webinar_has_paid_seats", err)
		}
		if _, err := svc.Get(ctx, w.ID); err != nil {
			t.Errorf("webinar gone after a refused delete: %v", err)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM webinar_registrations WHERE webinar_id = $1`, w.ID); n != 3 {
			t.Errorf("%d registrations left, want 3", n)
		}
	})
}

func TestStoreDeleteCascadesUnpaid(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		w := createWebinar(t, svc, form{title: "Only unpaid seats", when: time.Now(), active: true})
		other := createWebinar(t, svc, form{title: "Another webinar", when: time.Now(), active: true})
		addRegistrations(t, d, w.ID, 0, 3)
		addRegistrations(t, d, other.ID, 1, 1)
		if err := svc.Delete(ctx, w.ID); err != nil {
			t.Fatalf("Delete: %v", err)
		}
		if _, err := svc.Get(ctx, w.ID); !isKind(err, apperr.KindNotFound) {
			t.Errorf("Get after delete: %v, want not found", err)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM webinar_registrations WHERE webinar_id = $1`, w.ID); n != 0 {
			t.Errorf("%d registrations of the deleted webinar remain", n)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM webinar_registrations WHERE webinar_id = $1`, other.ID); n != 2 {
			t.Errorf("other webinar has %d registrations, want 2", n)
		}
		if err := svc.Delete(ctx, w.ID); !isKind(err, apperr.KindNotFound) {
			t.Errorf("second Delete: %v, want not found", err)
		}
	})
}

// A giveaway winner (like a payment or a coupon) references the webinar
// without cascade: the delete is refused with the same answer.
func TestStoreDeleteRefusesHistory(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		w := createWebinar(t, svc, form{title: "Had a winner", when: time.Now(), active: true})
		user := addUser(t, d)
		addRegistration(t, d, w.ID, user, false) // the purchase was reset, the winner stays
		if _, err := d.ExecContext(ctx, `INSERT INTO giveaway_winners (id, user_id, webinar_id, created_at) VALUES ($1, $2, $3, $4)`,
			uuid.NewString(), user, w.ID, clock.Now()); err != nil {
			t.Fatal(err)
		}
		if e, ok := apperr.As(svc.Delete(ctx, w.ID)); !ok || e.Code != "webinar_has_paid_seats" {
			t.Fatalf("Delete error = %v, want webinar_has_paid_seats", e)
		}
		if _, err := svc.Get(ctx, w.ID); err != nil {
			t.Errorf("webinar gone: %v", err)
		}
	})
}

// TestStoreDeleteWaitsForPurchase: a purchase marks a seat paid, under the
// seat lock, in a transaction still open when the admin deletes; the delete
// must wait for it and then refuse, never remove the paid registration.
func TestStoreDeleteWaitsForPurchase(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		w := createWebinar(t, svc, form{title: "Being purchased", when: time.Now(), active: true})
		reg := addRegistration(t, d, w.ID, addUser(t, d), false)

		started := make(chan struct{})
		done := make(chan error, 1)
		go func() {
			done <- d.InTx(ctx, func(ctx context.Context) error {
				if _, err := testutil.Seats(d, func() {}).Lock(ctx, w.ID); err != nil {
					return err
				}
				if _, err := d.Q(ctx).ExecContext(ctx, `UPDATE webinar_registrations SET purchased_coupon = TRUE WHERE id = $1`, reg); err != nil {
					return err
				}
				close(started)
				time.Sleep(300 * time.Millisecond)
				return nil
			})
		}()
		<-started
		err := svc.Delete(ctx, w.ID)
		if perr := <-done; perr != nil {
			t.Fatalf("purchase: %v", perr)
		}
		if e, ok := apperr.As(err); !ok || e.Code != "webinar_has_paid_seats" {
			t.Fatalf("Delete during a purchase: %v, want webinar_has_paid_seats", err)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM webinar_registrations WHERE id = $1 AND purchased_coupon = TRUE`, reg); n != 1 {
			t.Fatal("the paid registration was lost")
		}
	})
}

func TestStoreUpdate(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc := newService(d)
		w := createWebinar(t, svc, form{title: "Before the edit", when: time.Now(), seats: "10", active: true})
		addRegistrations(t, d, w.ID, 3, 2)
		active := false
		thumb := "webinar_thumbnails/a_1.jpg"
		in := webinar.Input{
			Title: "After the edit", Description: "A longer description now.", EventDatetime: "2027-01-15T17:00:00Z",
			DisplayPrice: "19.99", CouponPercentage: "150", TotalSeats: "3", YouTubeVideoID: "youtube.com/shorts/aqz-KE-bpKQ",
			IsActive: &active, ThumbnailImagePath: &thumb,
		}
		got, err := svc.Update(ctx, w.ID, in)
		if err != nil {
			t.Fatalf("Update: %v", err)
		}
		if got.Title != "After the edit" || got.DisplayPriceCents != 1999 || got.CouponPercentage != 150 ||
			got.TotalSeats != 3 || got.PaidSeats != 3 || got.SeatsLeft() != 0 || got.YouTubeVideoID != "aqz-KE-bpKQ" ||
			got.IsActive || got.ThumbnailImagePath != thumb || !got.CreatedAt.Equal(w.CreatedAt) || got.CouponValueCents() != 2999 {
			t.Errorf("after update: %+v", got)
		}

		in.TotalSeats = "2"
		_, err = svc.Update(ctx, w.ID, in)
		if e, ok := apperr.As(err); !ok || e.Field != "total_seats" || e.Message != "Total seats cannot be less than the 3 seats already paid for" {
			t.Errorf("seats below paid: %v", err)
		}

		// Clearing the thumbnail; an unknown one is refused.
		in.TotalSeats, in.ThumbnailImagePath = "3", nil
		if got, err := svc.Update(ctx, w.ID, in); err != nil || got.ThumbnailImagePath != "" {
			t.Errorf("clear thumbnail: %+v, %v", got, err)
		}
		missing := "webinar_thumbnails/missing_1.jpg"
		in.ThumbnailImagePath = &missing
		if _, err := svc.Update(ctx, w.ID, in); !isKind(err, apperr.KindInvalid) {
			t.Errorf("unknown thumbnail: %v", err)
		}
		in.ThumbnailImagePath = nil
		if _, err := svc.Update(ctx, uuid.NewString(), in); !isKind(err, apperr.KindNotFound) {
			t.Errorf("update of a missing webinar: %v", err)
		}
	})
}

func TestStoreCount(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		svc := newService(d)
		createWebinar(t, svc, form{title: "One webinar", when: time.Now(), active: false})
		if n, err := svc.Count(context.Background()); err != nil || n != 1 {
			t.Fatalf("Count = %d, %v", n, err)
		}
	})
}
