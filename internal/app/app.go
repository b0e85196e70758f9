// Package app wires watchwin together: it opens the database, builds the
// services and the HTTP handler, and runs the server until told to stop.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"watchwin/internal/audit"
	"watchwin/internal/auth"
	"watchwin/internal/clock"
	"watchwin/internal/config"
	"watchwin/internal/coupon"
	"watchwin/internal/couponlink"
	"watchwin/internal/db"
	"watchwin/internal/followup"
	"watchwin/internal/giveaway"
	"watchwin/internal/httpx"
	"watchwin/internal/mail"
	"watchwin/internal/media"
	"watchwin/internal/page"
	"watchwin/internal/payment"
	"watchwin/internal/payment/authorizenet"
	"watchwin/internal/question"
	"watchwin/internal/registration"
	"watchwin/internal/reminder"
	"watchwin/internal/report"
	"watchwin/internal/seat"
	"watchwin/internal/setting"
	"watchwin/internal/throttle"
	"watchwin/internal/video"
	"watchwin/internal/videocard"
	"watchwin/internal/waitlist"
	"watchwin/internal/wallet"
	"watchwin/internal/webinar"
	"watchwin/web"
)

// App is the running application.
type App struct {
	Config   config.Config
	DB       *db.DB
	Auth     *auth.Service
	Media    *media.Service
	Webinars *webinar.Service
	// Videos are the store's own videos: uploads, the transcode job,
	// streams in storage and captions (internal/video).
	Videos *video.Service
	// StreamTokens sign and check the stream URLs of uploaded videos
	// (registration's video answer signs them, video.StreamHandler checks).
	StreamTokens *video.Tokens
	// Seats own paid seats and seat holds (internal/seat).
	Seats    *seat.Service
	Settings *setting.Service
	// Registrations: sign-ups for webinars, watch progress and resets.
	Registrations *registration.Service
	// Outbox queues e-mail; Serve runs the worker that sends it.
	Outbox *mail.Outbox
	// MailTemplates render every e-mail (internal/mail/templates).
	MailTemplates *mail.Templates
	// Coupons are issued by Payments, which takes card payments through
	// the configured provider (paymentProvider).
	Coupons  *coupon.Service
	Payments *payment.Service
	// Giveaway draws a winner when a webinar's paid seats fill (its Drawer
	// is a seat listener) and when an admin picks a new one.
	Giveaway *giveaway.Service
	// Reminders queues the reminder e-mails (a periodic job) and keeps
	// each account's reminder preferences.
	Reminders *reminder.Service
	// Waitlist keeps the waiting lists of sold-out webinars and offers them
	// the seats that free up (a periodic job too).
	Waitlist *waitlist.Service
	// Cards are the store's cards in a webinar's video (internal/videocard).
	Cards *videocard.Service
	// Questions are the viewers' questions to the store, asked from the
	// player and answered by staff (docs/product.md#questions-to-the-store).
	Questions *question.Service
	// FollowUps are the owner's mails to a segment of a webinar's
	// registrants (docs/product.md#follow-ups).
	FollowUps *followup.Service
	// CouponLinks is the Coupon Migration Tool: coupons kept in a browser
	// linked to the account.
	CouponLinks *couponlink.Service
	// Wallet makes the coupons' Apple Wallet and Google Wallet passes and
	// keeps them true (a periodic job pushes their updates).
	Wallet *wallet.Service
	// Reports are the owner's books: a period's figures and CSV exports.
	Reports *report.Service
	// Throttle limits the routes the route table limits (routes.go).
	Throttle *throttle.Throttle
	// Audit is the log of staff and admin changes (read and pruned here;
	// each service writes its entries in its own transactions).
	Audit *audit.Log
	now   clock.Func
	// testClock is the movable clock of WATCHWIN_TEST_CLOCK (testclock.go);
	// nil on every real server.
	testClock *clock.Offset
	// jobsNow asks the job loop to run every job at once (a test clock move).
	jobsNow chan struct{}
	// instance names this process as the holder of job leases: host name
	// and listen address (cfg.Addr), unique among live processes.
	instance string
	// Pages serves the SPA's pages, robots.txt and sitemap.xml (internal/page).
	Pages *page.Pages
}

// New opens the database named by cfg, applies migrations and builds the services.
func New(ctx context.Context, cfg config.Config) (*App, error) {
	// Refuse a storage configuration before touching the database, so
	// NewWithDB below cannot fail.
	if _, err := openStorage(cfg); err != nil {
		return nil, err
	}
	if _, err := wallet.Load(cfg.Wallet); err != nil {
		return nil, err
	}
	d, err := db.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	if err := d.Migrate(ctx); err != nil {
		_ = d.Close() // on an error path: the first error is the one returned
		return nil, err
	}
	if cfg.Storage != nil {
		slog.Info("images stored in S3", "store", cfg.Storage.String())
	}
	return NewWithDB(cfg, d, clock.Now), nil
}

// NewWithDB builds the services on an open, migrated database, telling the
// time by now (tests run the app on a database they prepared, with a clock
// they can move). Images go where cfg.Storage says; it panics on a storage
// or wallet configuration New would have refused.
func NewWithDB(cfg config.Config, d *db.DB, now clock.Func) *App {
	store, err := openStorage(cfg)
	if err != nil {
		panic(err)
	}
	return build(cfg, d, now, store)
}

// openStorage is the configured Storage backend: the S3-compatible store of
// WATCHWIN_STORAGE_URL, else the local folder {DataDir}/storage/{bucket}/….
func openStorage(cfg config.Config) (media.Storage, error) {
	o := s3Options(cfg)
	if o == nil {
		return media.NewLocal(filepath.Join(cfg.DataDir, "storage")), nil
	}
	s3, err := media.NewS3(*o)
	if err != nil {
		return nil, fmt.Errorf("WATCHWIN_STORAGE_URL: %w", err)
	}
	return s3, nil
}

// s3Options is the S3-compatible store WATCHWIN_STORAGE_URL names, nil
// for the local folder.
func s3Options(cfg config.Config) *media.S3Options {
	st := cfg.Storage
	if st == nil {
		return nil
	}
	return &media.S3Options{
		Endpoint: st.Endpoint, Secure: st.Secure, Region: st.Region, PathStyle: st.PathStyle,
		Bucket: st.Bucket, Prefix: st.Prefix,
		AccessKey: st.AccessKey, SecretKey: st.SecretKey, SessionToken: st.SessionToken,
	}
}

func build(cfg config.Config, d *db.DB, now clock.Func, store media.Storage) *App {
	machine := now // the clock the test clock moves away from
	var testClock *clock.Offset
	if cfg.TestClock { // browser tests only: every service tells the movable time
		warnTestClock()
		testClock = clock.NewOffset(now)
		now = testClock.Now
	}
	mediaSvc := media.NewService(store, &audit.Recorder{DB: d, Now: now})
	outbox := mail.NewOutbox(d, now)
	settings := setting.NewService(d, mediaSvc, now)
	templates := mail.NewTemplates(cfg.BaseURL, func(ctx context.Context) (mail.Site, error) {
		site, err := settings.Site(ctx)
		return mail.Site{Title: site.SiteTitle, ContactEmail: site.ContactEmail, Address: site.StoreAddress}, err
	})

	// The seat lock's listeners: everything that runs inside a purchase's,
	// a refund's or a hold's seat transaction (seat.Run). They need no seat
	// service, so they are built first.
	publicList := webinar.NewListCache()
	drawer := giveaway.NewDrawer(d, giveaway.DrawDeps{Settings: settings, Mailer: outbox, Templates: templates,
		TimeZone: cfg.Timezone}, now)
	offers := waitlist.NewOffers(d, waitlist.Mailer{Outbox: outbox, Templates: templates, TimeZone: cfg.Timezone},
		now, cfg.WaitlistHold)
	seats := seat.New(d, now, seat.Listeners{
		ListChanged: publicList.Invalidate, // the public list is rebuilt
		Freed:       offers,                // a freed seat goes to the waiting list first
		Filled:      drawer,                // the last paid seat draws the giveaway's winner
	})

	webinars := webinar.NewService(d, webinar.Deps{Seats: seats, Thumbnails: mediaSvc, List: publicList,
		OnCreate: drawer.Commit}, now) // a new webinar's giveaway commits to its seed in the same transaction
	videos := video.NewService(d, video.Deps{Storage: store, UploadBucket: s3Options(cfg), Webinars: webinars,
		Transcoder: video.Transcoder{FFmpeg: cfg.FFmpeg, FFprobe: cfg.FFprobe, Preset: cfg.VideoPreset},
		DataDir:    cfg.DataDir, MaxBytes: cfg.VideoMaxBytes, BaseURL: cfg.BaseURL}, now)
	giveaways := giveaway.NewService(giveaway.Deps{Drawer: drawer, Webinars: webinars, Seats: seats})
	streamTokens := video.NewTokens(d, now)
	registrations := registration.NewService(d, registration.Deps{Webinars: webinars, Seats: seats,
		Mailer:          registration.Mailer{Outbox: outbox, Templates: templates, TimeZone: cfg.Timezone},
		Videos:          videos,
		Streams:         streamTokens,
		CompletePercent: cfg.WatchCompletePercent}, now)
	waiting := waitlist.New(d, waitlist.Deps{Seats: seats, Offers: offers, Webinars: webinars,
		Registrations: registrations}, now)
	questions := question.NewService(d, question.Deps{Webinars: webinars, Registrations: registrations,
		Mailer: question.Mailer{Outbox: outbox, Templates: templates}}, now)
	accounts := auth.NewService(d, now, auth.Deps{
		Mail:                  auth.Mail{Outbox: outbox, Templates: templates, RequireConfirmation: cfg.RequireEmailConfirmation},
		RequireFactorForStaff: cfg.RequireSecondFactorForStaff,
		Issuer: func(ctx context.Context) string {
			site, err := settings.Site(ctx)
			if err != nil {
				return ""
			}
			return site.SiteTitle
		},
		BaseURL:         cfg.BaseURL,
		NoLoginSlowdown: cfg.NoLoginSlowdown,
	})
	coupons := coupon.NewService(d, now, coupon.Deps{ExpiryDays: cfg.CouponExpiryDays,
		Policy: func(ctx context.Context) (coupon.Policy, error) {
			p, err := settings.CouponPolicy(ctx)
			return coupon.Policy{Name: p.Policy, PaidYears: p.PaidYears, BonusDays: p.BonusDays,
				PaidNeverExpires: p.Policy == coupon.PolicySplit && p.PaidNeverExpires}, err
		},
		ReceiptRequired: func(ctx context.Context) (bool, error) {
			b, err := settings.Books(ctx)
			return b.ReceiptRequired, err
		}})
	walletCreds, err := wallet.Load(cfg.Wallet)
	if err != nil {
		panic(err) // New refused it first
	}
	couponMail := coupon.Mailer{Templates: templates, TimeZone: cfg.Timezone, ExpiryDays: cfg.CouponExpiryDays,
		Wallets: walletCreds.Names()}
	payments := payment.NewService(d, paymentProvider(cfg, d, now), payment.Deps{
		Webinars: webinars, Seats: seats, Registrations: registrations, Accounts: accounts, Coupons: coupons,
		Mailer: outbox, CouponMail: couponMail.Message, RefundMail: couponMail.RefundMessage, Winners: giveaways,
		HoldFor: cfg.SeatHold, ReconcileGrace: cfg.ReconcileGrace,
	}, now)
	reminders := reminder.NewService(d, reminder.Deps{Outbox: outbox, Settings: settings, Webinars: webinars,
		Mailer: reminder.Mailer{Templates: templates, TimeZone: cfg.Timezone}, CouponTerms: coupons.Terms}, now)
	followUps := followup.NewService(d, followup.Deps{Webinars: webinars, Registrations: registrations,
		Reminders: reminders, Settings: settings, Mailer: followup.Mailer{Outbox: outbox, Templates: templates}}, now)
	wallets := wallet.New(d, wallet.Deps{Credentials: walletCreds, Coupons: coupons, Terms: couponMail.TermsOf,
		Site: settings.Site, BaseURL: cfg.BaseURL, TimeZone: cfg.Timezone}, now)
	pages := page.New(page.Deps{Settings: settings, Webinars: webinars, Media: mediaSvc,
		PaymentMode: func() string { return payments.Provider().Name() },
		Timezone:    cfg.Timezone, BaseURL: cfg.BaseURL, StoreURL: cfg.StoreURL,
		StripePublishableKey: cfg.StripePublishableKey, RequireEmailConfirmation: cfg.RequireEmailConfirmation,
		AuthorizeNet: authorizeNetClient(cfg), Wallets: page.Wallets{Apple: wallets.Apple(), Google: wallets.Google()}})
	return &App{
		Config:        cfg,
		DB:            d,
		Auth:          accounts,
		Media:         mediaSvc,
		Webinars:      webinars,
		Videos:        videos,
		StreamTokens:  streamTokens,
		Seats:         seats,
		Registrations: registrations,
		Settings:      settings,
		Outbox:        outbox,
		MailTemplates: templates,
		Coupons:       coupons,
		Payments:      payments,
		Giveaway:      giveaways,
		Reminders:     reminders,
		Waitlist:      waiting,
		Cards:         videocard.New(d, videocard.Deps{Webinars: webinars}, now),
		Questions:     questions,
		FollowUps:     followUps,
		CouponLinks:   couponlink.NewService(d, coupons, registrations),
		Reports: report.NewService(d, cfg.Timezone, now, settings,
			report.Mailer{Outbox: outbox, Templates: templates}),
		Wallet:    wallets,
		Throttle:  throttle.New(d, now),
		Audit:     audit.NewLog(d, now, machine, cfg.AuditRetention),
		now:       now,
		testClock: testClock,
		jobsNow:   make(chan struct{}, 1),
		instance:  db.InstanceID(cfg.Addr),
		Pages:     pages,
	}
}

// paymentProvider is Authorize.Net when WATCHWIN_PAYMENT_PROVIDER names it,
// Stripe when its keys are configured, else the built-in test provider
// (docs/operations.md#stripe, docs/operations.md#authorizenet).
func paymentProvider(cfg config.Config, d *db.DB, now clock.Func) payment.Provider {
	if cfg.PaymentProvider == authorizenet.Name {
		return authorizenet.New(d, now, authorizenet.Config{
			APILoginID: cfg.AuthorizeNetAPILoginID, TransactionKey: cfg.AuthorizeNetTransactionKey,
			SignatureKey: cfg.AuthorizeNetSignatureKey, Sandbox: cfg.AuthorizeNetSandbox, APIURL: cfg.AuthorizeNetAPIURL,
		})
	}
	if cfg.StripeSecretKey != "" {
		return payment.NewStripe(cfg.StripeSecretKey)
	}
	return payment.NewTestProvider(d, now)
}

// authorizeNetClient is what the SPA's card step needs of Authorize.Net
// (Accept.js and the public keys); nil with another provider.
func authorizeNetClient(cfg config.Config) *page.AuthorizeNet {
	if cfg.PaymentProvider != authorizenet.Name {
		return nil
	}
	return &page.AuthorizeNet{AcceptJS: authorizenet.AcceptJSURL(cfg.AuthorizeNetSandbox),
		APILoginID: cfg.AuthorizeNetAPILoginID, ClientKey: cfg.AuthorizeNetClientKey}
}

// Close stops a transcode under way and releases the database.
func (a *App) Close() error {
	a.Videos.Stop()
	return a.DB.Close()
}

// maxBody caps any request body, a backstop above the largest a route takes
// (an image upload with its framing), so routes answer their own 413s.
const maxBody = 2 * media.MaxUploadBody

// Handler returns the whole HTTP surface: the API, health checks, stored
// media and the SPA, behind the middleware every response goes through.
func (a *App) Handler() http.Handler {
	api := http.NewServeMux()
	a.apiRoutes(api)
	m := newMetrics(a)

	root := http.NewServeMux()
	root.Handle("/api/", httpx.NoStore(a.Auth.Middleware(a.secureCookies(), httpx.Routed(api))))
	root.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok\n"))
	})
	root.HandleFunc("GET /readyz", a.ready)
	root.Handle("GET /metrics", m.handler(a.Config.MetricsToken))
	media.NewHandler(a.Media).PublicRoutes(root) // public images: no session needed
	// Uploaded videos' streams: the signed token in the path is the
	// credential, no session (docs/api.md#streaming-an-uploaded-video).
	video.NewStreamHandler(a.Videos, a.StreamTokens, a.Registrations).Routes(root)
	root.HandleFunc("GET /robots.txt", a.Pages.ServeRobots)
	root.HandleFunc("GET /sitemap.xml", a.Pages.ServeSitemap)
	root.Handle("/", a.Pages.Handler(web.Dist()))

	return httpx.Chain(httpx.Routed(root),
		httpx.RequestIDs(a.Config.TrustedProxies),
		httpx.ClientAddress(a.Config.TrustedProxies),
		httpx.LogRequests,
		httpx.Measure(m.observe),
		httpx.Recover,
		httpx.SecurityHeaders,
		except(video.StreamPrefix, httpx.Compress),
		httpx.LimitBodies(maxBody, httpx.BodyCap{Prefix: video.UploadPath, Max: video.MaxChunkBytes}),
		httpx.RefuseInvalidText,
		// The one-click unsubscribe of a reminder's List-Unsubscribe header
		// is POSTed by mailbox providers, from anywhere; it acts on its
		// signed token alone, never on a session.
		httpx.RefuseCrossOrigin("POST /api/reminders/unsubscribe"),
	)
}

// except applies mw to every request but those under prefix: the video
// streams stay out of compression (their segments are compressed media), so
// nothing wraps the connection's ReaderFrom and a file goes out by sendfile.
func except(prefix string, mw httpx.Middleware) httpx.Middleware {
	return func(next http.Handler) http.Handler {
		wrapped := mw(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.URL.Path, prefix) {
				next.ServeHTTP(w, r)
				return
			}
			wrapped.ServeHTTP(w, r)
		})
	}
}

func (a *App) ready(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err := a.DB.PingContext(ctx); err != nil {
		slog.WarnContext(ctx, "database not reachable", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte("database unreachable\n"))
		return
	}
	if err := a.storageReady(ctx); err != nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte("storage unreachable\n"))
		return
	}
	_, _ = w.Write([]byte("ready\n"))
}

// storageReady is the storage half of /readyz: the image store (local
// folder or S3 bucket) can take files now.
func (a *App) storageReady(ctx context.Context) error {
	err := a.Media.Ready(ctx)
	if err != nil {
		slog.WarnContext(ctx, "storage not ready", "err", err)
	}
	return err
}

// stripeWebhook verifies the provider's webhook deliveries: Stripe's with
// the configured signing secret, Authorize.Net's with its signature key;
// nil (no webhook route) with the test provider.
func (a *App) stripeWebhook() payment.WebhookParser {
	if g, ok := a.Payments.Provider().(*authorizenet.Gateway); ok {
		return g.ParseEvent
	}
	if a.Payments.Provider().Name() != "stripe" {
		return nil
	}
	return func(_ context.Context, payload []byte, signature string) (payment.WebhookEvent, error) {
		return payment.ParseStripeEvent(payload, signature, a.Config.StripeWebhookSecret, a.now())
	}
}

// secureCookies: the site is served over https (WATCHWIN_BASE_URL), so its
// cookies are Secure and the session cookie is __Host- prefixed.
func (a *App) secureCookies() bool { return strings.HasPrefix(a.Config.BaseURL, "https://") }

// publicConfig tells the SPA the settings it needs to render
// (page.ClientConfig): the store time zone for dates, the store's online shop, the
// payment mode, whether login waits for a confirmed e-mail address, and the
// hero image if one was uploaded.
func (a *App) publicConfig(w http.ResponseWriter, r *http.Request) error {
	cfg, err := a.Pages.ClientConfig(r.Context())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, cfg)
	return nil
}

// Serve listens on cfg.Addr and serves there as ServeListener does.
func (a *App) Serve(ctx context.Context) error {
	ln, err := net.Listen("tcp", a.Config.Addr)
	if err != nil {
		return err
	}
	return a.ServeListener(ctx, ln)
}

// ServeListener serves on ln (which it closes), with the mail worker and
// the periodic jobs running, until ctx is cancelled (SIGTERM, Ctrl-C); then
// it stops taking new connections, waits up to 15 s for the requests under
// way to be answered, and stops the jobs and the mail worker.
func (a *App) ServeListener(ctx context.Context, ln net.Listener) error {
	stopMail, err := a.startMail()
	if err != nil {
		_ = ln.Close() // on an error path: the first error is the one returned
		return err
	}
	defer stopMail() // after Shutdown: mail queued by the last requests goes out
	defer inBackground(a.runJobs)()
	srv := a.httpServer()
	slog.Info("watchwin listening", "url", "http://"+ln.Addr().String(), "database", string(a.DB.Engine))
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	slog.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return err
	}
	a.Auth.Wait() // account e-mails of the last requests are queued before the mail worker stops
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// httpServer is the server of Handler with the configured limits on slow
// clients (config.HTTPLimits), so no client holds a connection forever.
func (a *App) httpServer() *http.Server {
	l := a.Config.HTTP
	return &http.Server{
		Handler:           a.Handler(),
		ReadHeaderTimeout: l.ReadHeaderTimeout,
		ReadTimeout:       l.ReadTimeout,
		WriteTimeout:      l.WriteTimeout,
		IdleTimeout:       l.IdleTimeout,
		MaxHeaderBytes:    l.MaxHeaderBytes,
	}
}
