package video_test

import (
	"context"
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
	"watchwin/internal/video"
)

// TestStreamTokens: a token opens its own video for its own viewer for 10
// minutes; an expired, altered or foreign token opens nothing. Every
// instance on the database signs with the same key.
func TestStreamTokens(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clk := &testutil.Clock{}
		tokens := video.NewTokens(d, clk.Now)
		token, expires, err := tokens.Sign(ctx, "video1", "reg-a")
		if err != nil {
			t.Fatal(err)
		}
		if left := expires.Sub(clk.Now()); left > video.TokenLifetime || left < video.TokenLifetime-time.Second {
			t.Fatalf("expires in %v; want %v", left, video.TokenLifetime)
		}
		g, err := tokens.Verify(ctx, token)
		if err != nil || g.VideoID != "video1" || g.Viewer != "reg-a" || !g.Expires.Equal(expires) {
			t.Fatalf("verify: %+v, %v", g, err)
		}
		if reg, ok := g.RegistrationID(); !ok || reg != "reg-a" {
			t.Fatalf("registration of the grant: %q, %v", reg, ok)
		}
		// Another instance (its own Tokens, same database) accepts it.
		if _, err := video.NewTokens(d, clk.Now).Verify(ctx, token); err != nil {
			t.Fatalf("another instance: %v", err)
		}

		// An admin's preview names no registration.
		preview, _, err := tokens.Sign(ctx, "video1", video.AdminViewer+"user-1")
		if err != nil {
			t.Fatal(err)
		}
		if g, err := tokens.Verify(ctx, preview); err != nil {
			t.Fatal(err)
		} else if _, ok := g.RegistrationID(); ok {
			t.Fatalf("an admin's preview records for a registration: %+v", g)
		}

		payload, mac, _ := strings.Cut(token, ".")
		other, _, err := tokens.Sign(ctx, "video2", "reg-b")
		if err != nil {
			t.Fatal(err)
		}
		otherPayload, _, _ := strings.Cut(other, ".")
		raw, _ := base64.RawURLEncoding.DecodeString(payload)
		enc := base64.RawURLEncoding.EncodeToString
		for name, bad := range map[string]string{
			"another registration in the payload": enc([]byte(strings.Replace(string(raw), "reg-a", "reg-b", 1))) + "." + mac,
			"another video in the payload":        enc([]byte(strings.Replace(string(raw), "video1", "video2", 1))) + "." + mac,
			"a later expiry in the payload":       enc([]byte(string(raw)+"0")) + "." + mac,
			"another token's payload":             otherPayload + "." + mac,
			"no signature":                        payload,
			"an empty signature":                  payload + ".",
			"not base64":                          "!!." + mac,
			"empty":                               "",
		} {
			if _, err := tokens.Verify(ctx, bad); err == nil {
				t.Errorf("%s: accepted", name)
			}
		}
		// Signed with another key (another store's database): refused.
		foreign, _, err := video.NewTokens(testutil.OpenDB(t, d.Engine), clk.Now).Sign(ctx, "video1", "reg-a")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tokens.Verify(ctx, foreign); err == nil {
			t.Error("a token signed with another key: accepted")
		}

		clk.Set(expires.Add(-200 * time.Millisecond))
		if _, err := tokens.Verify(ctx, token); err != nil {
			t.Fatalf("just before it expires: %v", err)
		}
		clk.Set(expires)
		if _, err := tokens.Verify(ctx, token); err == nil {
			t.Fatal("an expired token: accepted")
		}
	})
}
