package giveaway_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/giveaway"
	"watchwin/internal/testutil"
)

// enterBody is POST /api/webinars/{id}/giveaway/entries's answer.
type enterBody struct {
	Entry struct {
		Kind      string    `json:"kind"`
		EnteredAt time.Time `json:"entered_at"`
	} `json:"entry"`
	Created bool `json:"created"`
}

var entryForm = map[string]any{"eligible": true, "accept_rules": true, "show_name": true}

func enterPath(webinarID string) string { return "/api/webinars/" + webinarID + "/giveaway/entries" }

// addresses hands each free entrant an address of its own (a /64 of the
// documentation range), so the per-address limit stays out of the way.
var addresses atomic.Int64

func newAddress() string { return fmt.Sprintf("2001:db8:%x::1", addresses.Add(1)) }

// freeEntrant adds an account, its e-mail confirmed, with a free entry
// from an address of its own, in plain SQL (no password hashing, so many
// are quick).
func freeEntrant(t *testing.T, s *testutil.Server, webinarID, firstName string, showName bool) auth.Profile {
	t.Helper()
	now := s.Clock.Now()
	p := auth.Profile{ID: uuid.NewString(), Email: "f-" + uuid.NewString() + "@example.com", FirstName: firstName, Role: auth.RoleUser}
	if _, err := s.App.DB.Exec(`INSERT INTO profiles (id, email, role, first_name, last_name, created_at, updated_at, email_confirmed_at)
		VALUES ($1, $2, 'user', $3, 'Free', $4, $4, $4)`, p.ID, p.Email, firstName, now); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.App.Giveaway.Enter(context.Background(), p, webinarID,
		giveaway.EntryInput{Eligible: true, AcceptRules: true, ShowName: showName}, newAddress()); err != nil {
		t.Fatal(err)
	}
	return p
}

// setDeadline gives a webinar its own draw date through the admin service.
func setDeadline(t *testing.T, s *testutil.Server, webinarID string, at time.Time) {
	t.Helper()
	v := at.UTC().Format(time.RFC3339Nano)
	if _, err := s.App.Giveaway.SaveTerms(context.Background(), webinarID, giveaway.TermsInput{DrawsAt: &v}); err != nil {
		t.Fatal(err)
	}
}

// TestFreeEntryByRole: free entry × {anonymous, user, staff, admin}. A user
// enters once (201, then 200 with the same entry), sees it on the webinar's
// giveaway, and gets one confirmation e-mail that links the rules; the
// store's own people may not enter; the signed-out are asked to log in.
func TestFreeEntryByRole(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Home Defense Basics"})
		user, profile := s.Login(auth.RoleUser)
		staff, _ := s.Login(auth.RoleStaff)
		admin, _ := s.Login(auth.RoleAdmin)

		s.Client().Do("POST", enterPath(w.ID), entryForm).Check(t, testutil.Want{Status: 401, Code: "unauthenticated"})
		for _, who := range []*testutil.Client{staff, admin} {
			who.Do("POST", enterPath(w.ID), entryForm).Check(t, testutil.Want{Status: 403, Code: "forbidden",
				Message: "Store staff and administrators may not enter the giveaway."})
		}
		user.Do("POST", enterPath(w.ID), map[string]any{"accept_rules": true}).Check(t, testutil.Want{Status: 400, Field: "eligible"})
		user.Do("POST", enterPath(w.ID), map[string]any{"eligible": true}).Check(t, testutil.Want{Status: 400, Field: "accept_rules"})
		user.Do("POST", enterPath("no-such-webinar"), entryForm).Check(t, testutil.Want{Status: 404})

		var first, again enterBody
		res := user.Do("POST", enterPath(w.ID), entryForm)
		res.Check(t, testutil.Want{Status: 201})
		res.JSON(t, &first)
		res = user.Do("POST", enterPath(w.ID), entryForm)
		res.Check(t, testutil.Want{Status: 200})
		res.JSON(t, &again)
		if first.Entry.Kind != "free" || !first.Created || again.Created || !again.Entry.EnteredAt.Equal(first.Entry.EnteredAt) {
			t.Errorf("entries %+v then %+v: want one free entry", first, again)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM giveaway_entries WHERE webinar_id = $1`, w.ID); n != 1 {
			t.Errorf("%d entries, want 1", n)
		}

		var g struct {
			Giveaway struct {
				Open  bool
				Entry *struct{ Kind string }
			}
		}
		user.Do("GET", "/api/webinars/"+w.ID+"/giveaway", nil).JSON(t, &g)
		if !g.Giveaway.Open || g.Giveaway.Entry == nil || g.Giveaway.Entry.Kind != "free" {
			t.Errorf("the user's giveaway view %+v: want open and entered", g.Giveaway)
		}
		g.Giveaway.Entry = nil
		s.Client().Do("GET", "/api/webinars/"+w.ID+"/giveaway", nil).JSON(t, &g)
		if g.Giveaway.Entry != nil {
			t.Errorf("a visitor sees an entry: %+v", g.Giveaway.Entry)
		}

		mails := s.Mails(profile.Email)
		var confirmations []string
		for _, m := range mails {
			if strings.HasPrefix(m.Subject, "You're entered in the giveaway") {
				confirmations = append(confirmations, m.Text)
			}
		}
		if len(confirmations) != 1 || !strings.Contains(confirmations[0], s.URL+"/giveaway-rules") ||
			!strings.Contains(confirmations[0], "Home Defense Basics") {
			t.Errorf("confirmation e-mails %q: want one linking the rules", confirmations)
		}
	})
}

// TestOneEntryPerPerson: a person who entered free and then bought, or
// bought and then asks for a free entry, has one entry (the paid seat).
func TestOneEntryPerPerson(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 5})

		freeThenPaid := s.Buyer(w.ID)
		if _, created, err := s.App.Giveaway.Enter(ctx, freeThenPaid, w.ID, giveaway.EntryInput{Eligible: true, AcceptRules: true}, newAddress()); err != nil || !created {
			t.Fatalf("free entry: created %v, %v", created, err)
		}
		if err := buy(s, freeThenPaid, w.ID); err != nil {
			t.Fatalf("a free entrant may still buy: %v", err)
		}
		paidThenFree := s.Buyer(w.ID)
		if err := buy(s, paidThenFree, w.ID); err != nil {
			t.Fatal(err)
		}
		e, created, err := s.App.Giveaway.Enter(ctx, paidThenFree, w.ID, giveaway.EntryInput{Eligible: true, AcceptRules: true}, newAddress())
		if err != nil || created || e.Kind != giveaway.KindPaid {
			t.Errorf("a buyer's free entry: %+v created %v, %v; want their paid entry, nothing new", e, created, err)
		}
		onlyFree := freeEntrant(t, s, w.ID, "Robin", false)

		setDeadline(t, s, w.ID, s.Clock.Now().Add(time.Hour))
		s.Clock.Advance(2 * time.Hour)
		if n, err := s.App.Giveaway.DrawDeadlines(ctx); err != nil || n != 1 {
			t.Fatalf("DrawDeadlines = %d, %v", n, err)
		}
		got := draws(t, s, w.ID)
		if len(got) != 1 || got[0].Entrants != 3 || *got[0].PaidEntries != 2 || *got[0].FreeEntries != 1 {
			t.Fatalf("draw %+v: want 3 entries, 2 paid and 1 free", got)
		}
		if !slices.Contains([]string{freeThenPaid.ID, paidThenFree.ID, onlyFree.ID}, *got[0].UserID) {
			t.Errorf("winner %s is not an entrant", *got[0].UserID)
		}
	})
}

// TestFreeEntriesTakeNoSeats: free entries leave seats_left alone; the
// paid seats alone fill the webinar, and its draw counts both kinds.
func TestFreeEntriesTakeNoSeats(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 2})
		seatsLeft := func() int {
			var v struct {
				SeatsLeft int `json:"seats_left"`
				PaidSeats int `json:"paid_seats"`
			}
			s.Client().Do("GET", "/api/webinars/"+w.ID, nil).JSON(t, &v)
			return v.SeatsLeft
		}
		for _, name := range []string{"Ada", "Ben", "Cy"} {
			freeEntrant(t, s, w.ID, name, false)
		}
		if n := seatsLeft(); n != 2 {
			t.Fatalf("seats_left %d after 3 free entries, want 2", n)
		}
		if got := draws(t, s, w.ID); len(got) != 0 {
			t.Fatalf("draws %+v before the paid seats filled", got)
		}
		for range 2 {
			if err := buy(s, s.Buyer(w.ID), w.ID); err != nil {
				t.Fatal(err)
			}
		}
		if n := seatsLeft(); n != 0 {
			t.Errorf("seats_left %d after 2 purchases, want 0", n)
		}
		got := draws(t, s, w.ID)
		if len(got) != 1 || got[0].Trigger != giveaway.TriggerSeatsFilled || got[0].Entrants != 5 ||
			*got[0].PaidEntries != 2 || *got[0].FreeEntries != 3 {
			t.Fatalf("draws %+v: want one seats_filled draw among 2 paid and 3 free", got)
		}
		// Entries close with the draw.
		late, _ := s.Login(auth.RoleUser)
		late.Do("POST", enterPath(w.ID), entryForm).Check(t, testutil.Want{Status: 409, Code: "giveaway_closed"})
	})
}

// TestDeadlineDrawOnceAcrossInstances: two instances on one database, each
// with its own fake clock. Before the deadline their jobs draw nothing;
// after it, running the jobs and the deadline draw on both at once draws
// exactly once, and the seats filling later draws no more.
func TestDeadlineDrawOnceAcrossInstances(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		one := testutil.NewServerWithDB(t, d)
		two := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := one.CreateWebinar(testutil.WebinarSpec{Seats: 3})
		entrant(t, one, w.ID, "Pat")
		freeEntrant(t, one, w.ID, "Lee", true)
		setDeadline(t, one, w.ID, one.Clock.Now().Add(24*time.Hour))

		one.App.RunJobs(ctx)
		two.App.RunJobs(ctx)
		if got := draws(t, one, w.ID); len(got) != 0 {
			t.Fatalf("draws %+v before the deadline", got)
		}

		one.Clock.Advance(25 * time.Hour)
		two.Clock.Advance(25 * time.Hour)
		var wg sync.WaitGroup
		var mu sync.Mutex
		total := 0
		for _, s := range []*testutil.Server{one, two, one, two} {
			wg.Go(func() {
				s.App.RunJobs(ctx)
				n, err := s.App.Giveaway.DrawDeadlines(ctx)
				if err != nil {
					t.Errorf("DrawDeadlines: %v", err)
				}
				mu.Lock()
				total += n
				mu.Unlock()
			})
		}
		wg.Wait()
		got := draws(t, one, w.ID)
		if len(got) != 1 || got[0].Trigger != giveaway.TriggerDeadline || got[0].Entrants != 2 || got[0].WinnerID == nil {
			t.Fatalf("draws %+v: want one deadline draw among 2", got)
		}
		if total > 1 {
			t.Errorf("DrawDeadlines reported %d draws, want at most 1 (the job may have made it)", total)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM audit_log WHERE action = 'giveaway.draw'`); n != 1 {
			t.Errorf("%d draw audit entries, want 1", n)
		}

		// The seats fill after the deadline draw: no second automatic draw.
		entrant(t, one, w.ID, "Sam")
		entrant(t, one, w.ID, "Kim")
		if _, drawn, err := one.App.Giveaway.DrawAutomatic(ctx, w.ID); err != nil || drawn {
			t.Errorf("DrawAutomatic after the deadline draw: drawn %v, %v", drawn, err)
		}
		if n, err := two.App.Giveaway.DrawPending(ctx); err != nil || n != 0 {
			t.Errorf("DrawPending = %d, %v; want 0", n, err)
		}
		if got := draws(t, one, w.ID); len(got) != 1 {
			t.Errorf("%d draws, want still 1", len(got))
		}
	})
}

// TestDeadlineWithoutEntrants: a webinar 30 days past its event (the
// default deadline) with no entries records "no entrants", once; the
// rules page shows it.
func TestDeadlineWithoutEntrants(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Title: "Quiet Webinar", At: s.Clock.Now().Add(time.Hour)})
		if n, err := s.App.Giveaway.DrawDeadlines(ctx); err != nil || n != 0 {
			t.Fatalf("DrawDeadlines before the default deadline = %d, %v", n, err)
		}
		s.Clock.Advance(giveaway.DefaultDrawAfter + 2*time.Hour)
		for range 2 {
			s.App.RunJobs(ctx)
		}
		got := draws(t, s, w.ID)
		if len(got) != 1 || got[0].Trigger != giveaway.TriggerDeadline || got[0].WinnerID != nil || got[0].Entrants != 0 ||
			got[0].EntriesSHA256 == nil || *got[0].EntriesSHA256 != hex.EncodeToString(sha256.New().Sum(nil)) {
			t.Fatalf("draws %+v: want one deadline draw with no entrants (hash of the empty list)", got)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM giveaway_winners WHERE webinar_id = $1`, w.ID); n != 0 {
			t.Errorf("%d winners for no entrants", n)
		}
		var page struct {
			Webinars []struct {
				WebinarID string `json:"webinar_id"`
				Open      bool
				Draws     []struct{ Outcome, Trigger string }
			}
		}
		s.Client().Do("GET", "/api/giveaway/rules", nil).JSON(t, &page)
		found := false
		for _, pw := range page.Webinars {
			if pw.WebinarID == w.ID {
				found = true
				if pw.Open || len(pw.Draws) != 1 || pw.Draws[0].Outcome != "no_entrants" {
					t.Errorf("rules page webinar %+v: want closed with no entrants", pw)
				}
			}
		}
		if !found {
			t.Errorf("the rules page does not list the webinar")
		}
	})
}

// TestDrawCanBeChecked: a draw's stored hash is the SHA-256 of its entry
// ids, sorted, one per line; the admin's export is exactly those bytes;
// the winner is the (random value mod candidates)-th of them; the rules
// page shows the count and hash and the winner's first name and initial
// (they agreed at entry).
func TestDrawCanBeChecked(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{})
		entrant(t, s, w.ID, "Pat")
		entrant(t, s, w.ID, "Lee")
		freeEntrant(t, s, w.ID, "Robin", true)
		freeEntrant(t, s, w.ID, "Alex", true)
		setDeadline(t, s, w.ID, s.Clock.Now().Add(time.Minute))
		s.Clock.Advance(time.Hour)
		if n, err := s.App.Giveaway.DrawDeadlines(ctx); err != nil || n != 1 {
			t.Fatalf("DrawDeadlines = %d, %v", n, err)
		}

		var ids []string
		rows, err := d.Query(`SELECT id FROM webinar_registrations WHERE webinar_id = $1 AND purchased_coupon = TRUE
			UNION ALL SELECT id FROM giveaway_entries WHERE webinar_id = $1`, w.ID)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		slices.Sort(ids)
		list := strings.Join(ids, "\n") + "\n"
		sum := sha256.Sum256([]byte(list))
		want := hex.EncodeToString(sum[:])

		var all struct {
			Draws []struct {
				drawBody
				WebinarTitle    *string `json:"webinar_title"`
				WinnerFirstName *string `json:"winner_first_name"`
			}
		}
		admin.Do("GET", "/api/admin/giveaway-draws", nil).JSON(t, &all)
		if len(all.Draws) != 1 {
			t.Fatalf("admin draws %+v, want 1", all.Draws)
		}
		got := all.Draws[0]
		if got.EntriesSHA256 == nil || *got.EntriesSHA256 != want || *got.PaidEntries != 2 || *got.FreeEntries != 2 ||
			got.WebinarTitle == nil || *got.WebinarTitle != w.Title || got.WinnerFirstName == nil {
			t.Fatalf("draw %+v: want hash %s of 2 paid and 2 free", got, want)
		}
		if got.ProofKind != giveaway.ProofCommitReveal || got.Seed == nil || got.Commitment == nil || got.Counter == nil ||
			got.WinnerIndex == nil || got.RandomValue != nil {
			t.Fatalf("draw %+v: want a commit-and-reveal proof", got)
		}
		if c := sha256.Sum256([]byte(*got.Seed)); hex.EncodeToString(c[:]) != *got.Commitment {
			t.Errorf("commitment %s is not the SHA-256 of the seed %s", *got.Commitment, *got.Seed)
		}
		digest := sha256.Sum256(fmt.Appendf(nil, "%s:%s:%d", *got.Seed, want, *got.Counter))
		i := new(big.Int).Mod(new(big.Int).SetBytes(digest[:]), big.NewInt(int64(len(ids)))).Int64()
		if *got.Counter != 0 || int(i) != *got.WinnerIndex || *got.WinnerEntryID != ids[i] {
			t.Errorf("winner entry %s (index %d, counter %d), want ids[%d] = %s", *got.WinnerEntryID, *got.WinnerIndex, *got.Counter, i, ids[i])
		}

		res := admin.Do("GET", "/api/admin/giveaway-draws/"+got.ID+"/entries.txt", nil)
		res.Check(t, testutil.Want{Status: 200})
		exported := sha256.Sum256(res.Body)
		if string(res.Body) != list || hex.EncodeToString(exported[:]) != want ||
			!strings.Contains(res.Header.Get("Content-Disposition"), "giveaway-entries-"+got.ID+".txt") {
			t.Errorf("export %q (%s): want the sorted ids hashing to %s", res.Body, res.Header.Get("Content-Disposition"), want)
		}

		var page struct {
			Webinars []struct {
				WebinarID string `json:"webinar_id"`
				Draws     []struct {
					Entries       int
					EntriesSHA256 string `json:"entries_sha256"`
					Winner        *string
				}
			}
		}
		s.Client().Do("GET", "/api/giveaway/rules", nil).JSON(t, &page)
		for _, pw := range page.Webinars {
			if pw.WebinarID != w.ID {
				continue
			}
			if len(pw.Draws) != 1 || pw.Draws[0].Entries != 4 || pw.Draws[0].EntriesSHA256 != want {
				t.Errorf("public draw %+v", pw.Draws)
			}
			freeWinner := testutil.Count(t, d, `SELECT count(*) FROM giveaway_entries WHERE id = $1`, *got.WinnerEntryID) == 1
			if dr := pw.Draws[0]; freeWinner {
				// A free entrant who agreed: "Robin F." or "Alex F.".
				if dr.Winner == nil || *dr.Winner != *got.WinnerFirstName+" F." {
					t.Errorf("public winner %v, want %s F.", dr.Winner, *got.WinnerFirstName)
				}
			} else if dr.Winner != nil {
				t.Errorf("a paid winner who never agreed is shown as %q", *dr.Winner)
			}
		}
	})
}

// TestDrawIsFair: over 10,000 simulated draws among 4 entrants (2 paid, 2
// free) each wins within a binomial tolerance. The random source is a
// seeded ChaCha8, injected for this test only (production uses
// crypto/rand), so the test is repeatable.
func TestDrawIsFair(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{})
		people := []string{entrant(t, s, w.ID, "Pat").ID, entrant(t, s, w.ID, "Lee").ID,
			freeEntrant(t, s, w.ID, "Robin", false).ID, freeEntrant(t, s, w.ID, "Alex", false).ID}

		const n = 10_000
		wins := map[string]int{}
		drawn, err := giveaway.SimulateDraws(ctx, s.App.Giveaway, w.ID, n,
			rand.NewChaCha8([32]byte{'w', 'a', 't', 'c', 'h', 'w', 'i', 'n'}))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range drawn {
			wins[e.UserID]++
		}
		p := 1.0 / float64(len(people))
		mean, sd := n*p, math.Sqrt(n*p*(1-p))
		for _, id := range people {
			if k := float64(wins[id]); math.Abs(k-mean) > 4*sd {
				t.Errorf("entrant %s won %v of %d draws; want %v ± %.0f (4 standard deviations)", id, k, n, mean, 4*sd)
			}
		}
		if len(wins) != len(people) {
			t.Errorf("winners %v, want only and all of %v", wins, people)
		}
	})
}

// TestOfficialRules: the Giveaway tab refuses rules without a sponsor, an
// address or a prize value; saved rules are audited and shown to anyone;
// a webinar's own draw date and prize show on its giveaway and cannot
// change after its draw.
func TestOfficialRules(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		full := map[string]any{"sponsor_name": "Ogden Gear Co.", "sponsor_address": "1 Main St, Naperville, IL 60540",
			"prize_description": "A range bag and ear protection", "prize_value_cents": 15000, "min_age": 21,
			"residency": "Legal residents of Illinois", "extra_eligibility": "Holds a valid FOID card",
			"notify_days": 5, "claim_days": 10}
		var defaults struct{ Rules giveaway.Rules }
		s.Client().Do("GET", "/api/giveaway/rules", nil).JSON(t, &defaults)
		if defaults.Rules.SponsorName != "WatchWin" || !strings.Contains(defaults.Rules.SponsorAddress, "Naperville") ||
			defaults.Rules.PrizeValueCents <= 0 || defaults.Rules.MinAge != 21 {
			t.Errorf("default rules %+v: want the store as sponsor and a complete set", defaults.Rules)
		}
		for _, tt := range []struct{ field, message string }{
			{"sponsor_name", "Sponsor name is required"},
			{"sponsor_address", "Sponsor address is required"},
			{"prize_value_cents", "Prize value is required"},
		} {
			form := maps.Clone(full)
			delete(form, tt.field)
			admin.Do("PUT", "/api/admin/giveaway/rules", form).Check(t, testutil.Want{Status: 400, Field: tt.field, Message: tt.message})
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM site_settings WHERE key LIKE 'giveaway_%'`); n != 0 {
			t.Fatalf("%d rule settings saved by refused forms", n)
		}
		admin.Do("PUT", "/api/admin/giveaway/rules", full).Check(t, testutil.Want{Status: 200})
		var page struct{ Rules giveaway.Rules }
		s.Client().Do("GET", "/api/giveaway/rules", nil).JSON(t, &page)
		if page.Rules.SponsorName != "Ogden Gear Co." || page.Rules.PrizeValueCents != 15000 || page.Rules.ClaimDays != 10 ||
			page.Rules.ExtraEligibility != "Holds a valid FOID card" {
			t.Errorf("rules %+v after the save", page.Rules)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM audit_log WHERE action = 'settings.giveaway'`); n != 1 {
			t.Errorf("%d audit entries for the rules, want 1", n)
		}

		w := s.CreateWebinar(testutil.WebinarSpec{})
		at := s.Clock.Now().Add(48 * time.Hour).UTC().Truncate(time.Second)
		admin.Do("PUT", "/api/admin/webinars/"+w.ID+"/giveaway", map[string]any{"draws_at": at.Format(time.RFC3339),
			"prize_description": "A rifle scope", "prize_value_cents": 40000}).Check(t, testutil.Want{Status: 200})
		var g struct{ Giveaway giveaway.WebinarGiveaway }
		s.Client().Do("GET", "/api/webinars/"+w.ID+"/giveaway", nil).JSON(t, &g)
		if !g.Giveaway.DrawsAt.Equal(at) || g.Giveaway.DrawsAtDefault || g.Giveaway.PrizeDescription != "A rifle scope" ||
			g.Giveaway.PrizeValueCents != 40000 || !g.Giveaway.Open {
			t.Errorf("webinar giveaway %+v", g.Giveaway)
		}
		other := s.CreateWebinar(testutil.WebinarSpec{})
		s.Client().Do("GET", "/api/webinars/"+other.ID+"/giveaway", nil).JSON(t, &g)
		if !g.Giveaway.DrawsAt.Equal(other.EventDatetime.Add(giveaway.DefaultDrawAfter)) || !g.Giveaway.DrawsAtDefault ||
			g.Giveaway.PrizeDescription != "A range bag and ear protection" {
			t.Errorf("default webinar giveaway %+v: want 30 days after the event and the rules' prize", g.Giveaway)
		}

		entrant(t, s, w.ID, "Pat")
		s.Clock.Advance(49 * time.Hour)
		if n, err := s.App.Giveaway.DrawDeadlines(context.Background()); err != nil || n != 1 {
			t.Fatalf("DrawDeadlines = %d, %v", n, err)
		}
		admin.Do("PUT", "/api/admin/webinars/"+w.ID+"/giveaway", map[string]any{"draws_at": nil}).
			Check(t, testutil.Want{Status: 409, Code: "giveaway_drawn"})
	})
}
