package giveaway_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
	"watchwin/internal/db"
	"watchwin/internal/giveaway"
	"watchwin/internal/testutil"
)

// publicDrawBody is GET /api/giveaway/draws/{id}'s draw (docs/api.md#giveaway).
type publicDrawBody struct {
	ID            string     `json:"id"`
	WebinarID     string     `json:"webinar_id"`
	Outcome       string     `json:"outcome"`
	Trigger       string     `json:"trigger"`
	Entries       int        `json:"entries"`
	EntriesSHA256 *string    `json:"entries_sha256"`
	ProofKind     string     `json:"proof_kind"`
	Commitment    *string    `json:"commitment"`
	CommittedAt   *time.Time `json:"committed_at"`
	Seed          *string    `json:"seed"`
	Counter       *int       `json:"counter"`
	WinnerIndex   *int       `json:"winner_index"`
	WinnerEntryID *string    `json:"winner_entry_id"`
	Reason        *string    `json:"reason"`
}

// webinarGiveawayBody is GET /api/webinars/{id}/giveaway's commitment part.
type webinarGiveawayBody struct {
	Giveaway struct {
		Commitment  *string    `json:"commitment"`
		CommittedAt *time.Time `json:"committed_at"`
		Seed        *string    `json:"seed"`
		Draws       []struct {
			ID string `json:"id"`
		} `json:"draws"`
	} `json:"giveaway"`
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// index is the page's recipe, written out apart from the package's own:
// SHA-256 of "seed:hash:counter" as a number, modulo the count.
func index(seed, hash string, counter, n int) int {
	d := sha256.Sum256([]byte(fmt.Sprintf("%s:%s:%d", seed, hash, counter)))
	return int(new(big.Int).Mod(new(big.Int).SetBytes(d[:]), big.NewInt(int64(n))).Int64())
}

// publicDraw reads a draw's public page API and checks it as a person
// would: the downloaded list hashes to the published hash, the revealed
// seed hashes to the commitment published before the entries, and the
// index recomputes and names the winning line. It returns the draw and the
// listed entry ids.
func publicDraw(t *testing.T, s *testutil.Server, drawID, commitment string) (publicDrawBody, []string) {
	t.Helper()
	var body struct{ Draw publicDrawBody }
	s.Client().Do("GET", "/api/giveaway/draws/"+drawID, nil).JSON(t, &body)
	d := body.Draw
	res := s.Client().Do("GET", "/api/giveaway/draws/"+drawID+"/entries.txt", nil)
	res.Check(t, testutil.Want{Status: 200})
	ids := strings.Fields(string(res.Body))
	if d.ProofKind != "commit_reveal" || d.EntriesSHA256 == nil || sha256Hex(res.Body) != *d.EntriesSHA256 || d.Entries != len(ids) {
		t.Fatalf("draw %+v: the list of %d downloaded does not hash to its entries_sha256", d, len(ids))
	}
	if d.Seed == nil || d.Commitment == nil || *d.Commitment != commitment || sha256Hex([]byte(*d.Seed)) != commitment {
		t.Fatalf("draw %+v: want the seed revealed, hashing to the commitment %s published before", d, commitment)
	}
	if d.Counter == nil || d.WinnerIndex == nil || d.WinnerEntryID == nil ||
		index(*d.Seed, *d.EntriesSHA256, *d.Counter, len(ids)) != *d.WinnerIndex || ids[*d.WinnerIndex] != *d.WinnerEntryID {
		t.Fatalf("draw %+v: the index does not recompute from the published values", d)
	}
	return d, ids
}

// TestCommitmentBeforeFirstEntry: a webinar's commitment is public from its
// creation, before any entry, without the seed; the draw reveals a seed
// whose SHA-256 is that commitment, and anyone can recompute the winner's
// index from the draw's page.
func TestCommitmentBeforeFirstEntry(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		var before webinarGiveawayBody
		s.Client().Do("GET", "/api/webinars/"+w.ID+"/giveaway", nil).JSON(t, &before)
		c := before.Giveaway
		if c.Commitment == nil || len(*c.Commitment) != 64 || c.Seed != nil || c.CommittedAt == nil || c.CommittedAt.After(s.Clock.Now()) {
			t.Fatalf("a new webinar's giveaway %+v: want a commitment from its creation and no seed", c)
		}
		if n := testutil.Count(t, d, `SELECT count(*) FROM giveaway_entries WHERE webinar_id = $1`, w.ID) +
			testutil.Count(t, d, `SELECT count(*) FROM webinar_registrations WHERE webinar_id = $1`, w.ID); n != 0 {
			t.Fatalf("%d entries before the first", n)
		}
		var seed string
		if err := d.QueryRow(`SELECT seed FROM giveaway_commitments WHERE webinar_id = $1`, w.ID).Scan(&seed); err != nil {
			t.Fatal(err)
		}
		if len(seed) != 64 || sha256Hex([]byte(seed)) != *c.Commitment {
			t.Fatalf("the commitment %s is not the SHA-256 of the seed", *c.Commitment)
		}
		var rules struct {
			Webinars []struct {
				WebinarID  string  `json:"webinar_id"`
				Commitment *string `json:"commitment"`
			}
		}
		s.Client().Do("GET", "/api/giveaway/rules", nil).JSON(t, &rules)
		published := false
		for _, rw := range rules.Webinars {
			published = published || (rw.WebinarID == w.ID && rw.Commitment != nil && *rw.Commitment == *c.Commitment)
		}
		if !published {
			t.Errorf("the official rules do not show the commitment %s", *c.Commitment)
		}

		entrant(t, s, w.ID, "Pat")
		entrant(t, s, w.ID, "Lee")
		freeEntrant(t, s, w.ID, "Robin", true)
		deadlineDraw(t, s, w.ID)

		var after webinarGiveawayBody
		s.Client().Do("GET", "/api/webinars/"+w.ID+"/giveaway", nil).JSON(t, &after)
		if after.Giveaway.Seed == nil || *after.Giveaway.Seed != seed || *after.Giveaway.Commitment != *c.Commitment ||
			len(after.Giveaway.Draws) != 1 {
			t.Fatalf("after the draw %+v: want the seed revealed beside the same commitment", after.Giveaway)
		}
		drawn, _ := publicDraw(t, s, after.Giveaway.Draws[0].ID, *c.Commitment)
		if *drawn.Counter != 0 || drawn.Trigger != giveaway.TriggerDeadline {
			t.Errorf("first draw %+v: want counter 0", drawn)
		}
		s.Client().Do("GET", "/api/giveaway/draws/"+uuid.NewString(), nil).Check(t, testutil.Want{Status: 404, Message: "Draw not found"})
	})
}

// TestRepicksWalkTheFixedSequence: the first draw fixes the entry list;
// each 'Pick New Winner' takes the next counter whose index has not won
// (any once all have), so the whole sequence follows from the seed and the
// list. An entry made after the first draw never joins it, a re-pick
// needs a reason, and the reason is kept with the draw, in the audit log
// and on the draw's public record.
func TestRepicksWalkTheFixedSequence(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		adminClient, admin := s.Login(auth.RoleAdmin)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{Seats: 10})
		for _, name := range []string{"Ada", "Ben", "Cy", "Dee"} {
			entrant(t, s, w.ID, name)
		}
		if _, _, err := s.App.Giveaway.Repick(ctx, admin, w.ID, "Too early."); !isCode(err, "not_drawn") {
			t.Fatalf("a re-pick before the first draw: %v, want not_drawn", err)
		}
		deadlineDraw(t, s, w.ID)
		var g webinarGiveawayBody
		s.Client().Do("GET", "/api/webinars/"+w.ID+"/giveaway", nil).JSON(t, &g)
		commitment := *g.Giveaway.Commitment
		first, ids := publicDraw(t, s, g.Giveaway.Draws[0].ID, commitment)
		seed, hash, n := *first.Seed, *first.EntriesSHA256, len(ids)

		// The sequence anyone can work out from the page once the first draw revealed the seed.
		var want []int
		won := map[int]bool{}
		for k := 0; len(want) < n+2; k++ {
			if i := index(seed, hash, k, n); len(won) == n || !won[i] { // once all have won, any again
				won[i] = true
				want = append(want, k)
			}
		}
		if *first.Counter != want[0] || first.Reason != nil {
			t.Fatalf("first draw took counter %d with reason %v, want %d and none", *first.Counter, first.Reason, want[0])
		}

		entrant(t, s, w.ID, "Late") // after the entries closed: not in the fixed list
		adminClient.Do("POST", "/api/admin/webinars/"+w.ID+"/giveaway/draw", map[string]string{}).Check(t,
			testutil.Want{Status: 400, Field: "reason"})
		for step := 1; step < len(want); step++ {
			reason := fmt.Sprintf("Re-pick %d: the winner did not claim.", step)
			_, draw, err := s.App.Giveaway.Repick(ctx, admin, w.ID, reason)
			if err != nil {
				t.Fatal(err)
			}
			got, gotIDs := publicDraw(t, s, draw.ID, commitment)
			if *got.EntriesSHA256 != hash || len(gotIDs) != n || *got.Counter != want[step] || *got.Seed != seed {
				t.Errorf("re-pick %d: counter %d of list %s, want counter %d of the fixed list %s",
					step, *got.Counter, *got.EntriesSHA256, want[step], hash)
			}
			if draw.Reason == nil || *draw.Reason != reason || got.Reason == nil || *got.Reason != reason {
				t.Errorf("re-pick %d keeps reason %v, shows %v publicly; want %q", step, draw.Reason, got.Reason, reason)
			}
			if n := testutil.Count(t, d, `SELECT count(*) FROM audit_log WHERE action = 'giveaway.draw' AND summary LIKE $1`,
				"%reason: "+reason); n != 1 {
				t.Errorf("re-pick %d: %d audit entries with its reason, want 1", step, n)
			}
			s.Clock.Advance(time.Second)
		}
	})
}

// TestOlderDrawsKeepTheirProof: a draw made before commit and reveal keeps
// its random value, is marked as the older kind, and shows no seed.
func TestOlderDrawsKeepTheirProof(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin, _ := s.Login(auth.RoleAdmin)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		p := entrant(t, s, w.ID, "Pat")
		winnerID, drawID, list := uuid.NewString(), uuid.NewString(), "e-1\n"
		value := strings.Repeat("c", 64)
		if _, err := d.Exec(`INSERT INTO giveaway_winners (id, user_id, webinar_id, created_at, notified) VALUES ($1, $2, $3, $4, FALSE)`,
			winnerID, p.ID, w.ID, s.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(`INSERT INTO giveaway_draws (id, webinar_id, winner_id, drawn_at, entrants, candidates, trigger,
			paid_entries, free_entries, entries_sha256, entry_ids, random_value, winner_entry_id)
			VALUES ($1, $2, $3, $4, 1, 1, 'seats_filled', 1, 0, $5, $6, $7, 'e-1')`,
			drawID, w.ID, winnerID, s.Clock.Now(), sha256Hex([]byte(list)), list, value); err != nil {
			t.Fatal(err)
		}
		var body struct{ Draw publicDrawBody }
		s.Client().Do("GET", "/api/giveaway/draws/"+drawID, nil).JSON(t, &body)
		if body.Draw.ProofKind != "random" || body.Draw.Seed != nil || body.Draw.Counter != nil || body.Draw.Commitment != nil {
			t.Errorf("older draw %+v: want proof_kind random, no seed or commitment", body.Draw)
		}
		var all struct{ Draws []drawBody }
		admin.Do("GET", "/api/admin/giveaway-draws", nil).JSON(t, &all)
		if len(all.Draws) != 1 || all.Draws[0].ProofKind != "random" || all.Draws[0].RandomValue == nil || *all.Draws[0].RandomValue != value {
			t.Errorf("admin draws %+v: want the older draw with its random value", all.Draws)
		}
	})
}

// TestFreeEntryNeedsConfirmedEmail: an account whose e-mail address is not
// confirmed gets 403 email_not_confirmed and no entry.
func TestFreeEntryNeedsConfirmedEmail(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		user, p := s.Login(auth.RoleUser)
		if _, err := d.Exec(`UPDATE profiles SET email_confirmed_at = NULL WHERE id = $1`, p.ID); err != nil {
			t.Fatal(err)
		}
		user.Do("POST", enterPath(w.ID), entryForm).Check(t, testutil.Want{Status: 403, Code: "email_not_confirmed",
			Message: "Please confirm your e-mail address before entering the giveaway. We can send the link again."})
		if n := testutil.Count(t, d, `SELECT count(*) FROM giveaway_entries`); n != 0 {
			t.Errorf("%d entries from an unconfirmed account", n)
		}
		if _, err := d.Exec(`UPDATE profiles SET email_confirmed_at = $2 WHERE id = $1`, p.ID, s.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		user.Do("POST", enterPath(w.ID), entryForm).Check(t, testutil.Want{Status: 201})
	})
}

// TestFreeEntriesPerAddress: three accounts may enter a webinar from one
// address (one IPv6 /64); the fourth is refused with 409
// entry_address_limit, while another address, or another webinar, is fine.
func TestFreeEntriesPerAddress(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		ctx := context.Background()
		w := s.CreateWebinar(testutil.WebinarSpec{})
		other := s.CreateWebinar(testutil.WebinarSpec{})
		enter := func(webinarID, addr string) error {
			p := auth.Profile{ID: uuid.NewString(), Email: "a-" + uuid.NewString() + "@example.com", Role: auth.RoleUser}
			if _, err := d.Exec(`INSERT INTO profiles (id, email, role, created_at, updated_at, email_confirmed_at)
				VALUES ($1, $2, 'user', $3, $3, $3)`, p.ID, p.Email, s.Clock.Now()); err != nil {
				t.Fatal(err)
			}
			_, _, err := s.App.Giveaway.Enter(ctx, p, webinarID, giveaway.EntryInput{Eligible: true, AcceptRules: true}, addr)
			return err
		}
		for _, tc := range []struct{ name, same, fourth, elsewhere string }{
			{"IPv6 /64", "2001:db8:7:1::10", "2001:db8:7:1:ffff::2", "2001:db8:7:2::10"},
			{"IPv4", "198.51.100.7", "198.51.100.7", "198.51.100.8"},
		} {
			for i, addr := range []string{tc.same, tc.same, strings.Replace(tc.same, "::10", "::20", 1)} {
				if err := enter(w.ID, addr); err != nil {
					t.Fatalf("%s: account %d from %s: %v", tc.name, i+1, addr, err)
				}
			}
			err := enter(w.ID, tc.fourth)
			if e, ok := apperr.As(err); !ok || e.Code != "entry_address_limit" || e.Kind != apperr.KindConflict ||
				e.Message != "Three accounts have already entered this giveaway from your network. The free entry is one per person." {
				t.Errorf("%s: the 4th account from %s: %v, want 409 entry_address_limit", tc.name, tc.fourth, err)
			}
			if err := enter(w.ID, tc.elsewhere); err != nil {
				t.Errorf("%s: an account from another address %s: %v", tc.name, tc.elsewhere, err)
			}
			if err := enter(other.ID, tc.same); err != nil {
				t.Errorf("%s: another webinar from %s: %v", tc.name, tc.same, err)
			}
		}
	})
}

// TestFreeEntriesPerAddressAtOnce: ten accounts of one address entering at
// the same moment make exactly three entries; the others are refused with
// entry_address_limit (the count and the insert share the seat lock's
// transaction).
func TestFreeEntriesPerAddressAtOnce(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		w := s.CreateWebinar(testutil.WebinarSpec{})
		profiles := make([]auth.Profile, 10)
		for i := range profiles {
			profiles[i] = auth.Profile{ID: uuid.NewString(), Email: "at-once-" + uuid.NewString() + "@example.com", Role: auth.RoleUser}
			if _, err := d.Exec(`INSERT INTO profiles (id, email, role, created_at, updated_at, email_confirmed_at)
				VALUES ($1, $2, 'user', $3, $3, $3)`, profiles[i].ID, profiles[i].Email, s.Clock.Now()); err != nil {
				t.Fatal(err)
			}
		}
		errs := make([]error, len(profiles))
		var wg sync.WaitGroup
		for i, p := range profiles {
			wg.Go(func() {
				_, _, errs[i] = s.App.Giveaway.Enter(context.Background(), p, w.ID,
					giveaway.EntryInput{Eligible: true, AcceptRules: true}, "203.0.113.9")
			})
		}
		wg.Wait()
		entered, refused := 0, 0
		for _, err := range errs {
			if err == nil {
				entered++
			} else if e, ok := apperr.As(err); ok && e.Code == "entry_address_limit" {
				refused++
			} else {
				t.Errorf("an entry at once: %v", err)
			}
		}
		var rows int
		if err := d.QueryRow(`SELECT count(*) FROM giveaway_entries WHERE webinar_id = $1`, w.ID).Scan(&rows); err != nil {
			t.Fatal(err)
		}
		if entered != 3 || refused != 7 || rows != 3 {
			t.Errorf("10 accounts of one address at once: %d entered, %d refused, %d rows; want 3, 7, 3", entered, refused, rows)
		}
	})
}
