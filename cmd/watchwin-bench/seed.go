package main

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"watchwin/internal/app"
	"watchwin/internal/auth"
	"watchwin/internal/clock"
	"watchwin/internal/config"
	"watchwin/internal/db"
	"watchwin/internal/webinar"
)

// The seeded catalogue: webinars active webinars, each with usersPerWebinar
// registrations (webinars × usersPerWebinar = 2,000), every other one paid.
const (
	webinars        = 20
	usersPerWebinar = 100
)

type seeded struct {
	webinarID    string // one webinar, for the detail endpoint
	sessionToken string // a signed-in user's session cookie value
}

// openApp opens and migrates the database and builds the services on it,
// telling the time by now.
func openApp(ctx context.Context, dataDir, databaseURL string, now clock.Func) (*app.App, error) {
	cfg, err := config.Defaults()
	if err != nil {
		return nil, err
	}
	cfg.DataDir, cfg.DatabaseURL = dataDir, databaseURL
	cfg.StripeSecretKey, cfg.StripePublishableKey = "", "" // the built-in test provider
	d, err := db.Open(ctx, databaseURL, dataDir)
	if err != nil {
		return nil, err
	}
	if err := d.Migrate(ctx); err != nil {
		d.Close()
		return nil, err
	}
	return app.NewWithDB(cfg, d, now), nil
}

// seed fills a new database: the webinars through the webinar service (so
// they are valid), a signed-in user through the account service, and the
// registrations' users and rows with SQL in one transaction (fast).
func seed(ctx context.Context, dataDir, databaseURL string) (seeded, error) {
	a, err := openApp(ctx, dataDir, databaseURL, clock.Now)
	if err != nil {
		return seeded{}, err
	}
	defer a.Close()

	var out seeded
	ids, err := createWebinars(ctx, a, webinars, "Bench webinar", usersPerWebinar*2)
	if err != nil {
		return out, err
	}
	out.webinarID = ids[0]

	const email, password = "bench-session@example.com", "bench-password"
	if _, err := a.Auth.CreateUser(ctx, email, password, auth.RoleUser, "Bench", "Session"); err != nil {
		return out, err
	}
	login, err := a.Auth.Login(ctx, auth.LoginInput{Email: email, Password: password}, auth.Client{IP: "127.0.0.1"})
	if err != nil {
		return out, err
	}
	out.sessionToken = login.Token

	users, err := addUsers(ctx, a.DB, usersPerWebinar, "bench-user")
	if err != nil {
		return out, err
	}
	err = a.DB.InTx(ctx, func(ctx context.Context) error {
		q := a.DB.Q(ctx)
		now := clock.Now()
		for w, wid := range ids {
			for u, user := range users {
				if _, err := q.ExecContext(ctx, `INSERT INTO webinar_registrations
					(id, webinar_id, user_id, user_name_for_registration, user_email_for_registration,
					 registration_time, watched_video_fully, purchased_coupon)
					VALUES ($1, $2, $3, 'Bench User', $4, $5, TRUE, $6)`,
					uuid.NewString(), wid, user.ID, user.Email, now, (u+w)%2 == 0); err != nil {
					return err
				}
			}
		}
		return nil
	})
	return out, err
}

// createWebinars adds n active webinars of seats seats each, a week apart
// from next month on.
func createWebinars(ctx context.Context, a *app.App, n int, title string, seats int) ([]string, error) {
	active := true
	start := time.Now().UTC().AddDate(0, 1, 0).Truncate(time.Hour)
	ids := make([]string, n)
	for i := range ids {
		w, err := a.Webinars.Create(ctx, webinar.Input{
			Title:            fmt.Sprintf("%s %d", title, i+1),
			Description:      "Concealed carry basics, holsters and the range day checklist.",
			EventDatetime:    start.AddDate(0, 0, 7*i).Format(time.RFC3339),
			DisplayPrice:     "25",
			CouponPercentage: "120",
			TotalSeats:       webinar.Number(fmt.Sprint(seats)),
			YouTubeVideoID:   "dQw4w9WgXcQ",
			IsActive:         &active,
		})
		if err != nil {
			return nil, err
		}
		ids[i] = w.ID
	}
	return ids, nil
}

// addUsers inserts n accounts without passwords (they never sign in) in
// one transaction.
func addUsers(ctx context.Context, d *db.DB, n int, prefix string) ([]auth.Profile, error) {
	users := make([]auth.Profile, n)
	err := d.InTx(ctx, func(ctx context.Context) error {
		now := clock.Now()
		for i := range users {
			users[i] = auth.Profile{ID: uuid.NewString(), Email: fmt.Sprintf("%s-%d@example.com", prefix, i), Role: auth.RoleUser}
			if _, err := d.Q(ctx).ExecContext(ctx, `INSERT INTO profiles (id, email, first_name, last_name, created_at, updated_at)
				VALUES ($1, $2, 'Bench', 'User', $3, $3)`, users[i].ID, users[i].Email, now); err != nil {
				return err
			}
		}
		return nil
	})
	return users, err
}
