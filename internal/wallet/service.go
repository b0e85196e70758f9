package wallet

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"watchwin/internal/apperr"
	"watchwin/internal/clock"
	"watchwin/internal/coupon"
	"watchwin/internal/datetext"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/money"
	"watchwin/internal/setting"
)

// Outbox kinds: an APNs push to a device, a patch of a Google object.
const (
	kindAPNs   = "apns"
	kindGoogle = "google"
)

// WebServicePath is where Apple's web service for pass updates is served:
// the pass's webServiceURL is the base URL with it (devices add /v1/…).
const WebServicePath = "/api/wallet/apple"

// Deps are what the wallet service needs.
type Deps struct {
	Credentials Credentials
	Coupons     *coupon.Service
	// Terms are the terms printed with a coupon (coupon.Mailer.TermsOf).
	Terms    func(coupon.Coupon) []string
	Site     func(ctx context.Context) (setting.Site, error)
	BaseURL  string
	TimeZone *time.Location
	// APNsClient and GoogleClient carry the calls to Apple and Google
	// (tests: loopback stand-ins); nil: the libraries' own.
	APNsClient, GoogleClient *http.Client
}

// Service makes passes and keeps them true.
type Service struct {
	deps   Deps
	store  store
	now    clock.Func
	apple  *Apple
	google *Google
	push   *pusher
	api    *googleClient
	log    *slog.Logger
}

// New returns the wallet service; the wallets in deps.Credentials that are
// nil are off.
func New(d *db.DB, deps Deps, now clock.Func) *Service {
	s := &Service{deps: deps, store: store{d}, now: now, apple: deps.Credentials.Apple, google: deps.Credentials.Google,
		log: slog.Default()}
	if s.apple != nil {
		s.push = newPusher(s.apple, deps.APNsClient)
	}
	if s.google != nil {
		s.api = newGoogleClient(s.google, deps.GoogleClient)
	}
	return s
}

// WithClients returns a copy of s whose calls to APNs and the Wallet API go
// through apns and google (tests: loopback stand-ins with their own TLS).
func (s *Service) WithClients(apns, google *http.Client) *Service {
	deps := s.deps
	deps.APNsClient, deps.GoogleClient = apns, google
	return New(s.store.db, deps, s.now)
}

// Apple and Google report whether each wallet is configured.
func (s *Service) Apple() bool  { return s.apple != nil }
func (s *Service) Google() bool { return s.google != nil }

var (
	errAppleOff  = apperr.NotFound("Apple Wallet is not set up for this store.")
	errGoogleOff = apperr.NotFound("Google Wallet is not set up for this store.")
	// errUnauthorized is the web service's 401 (a wrong or missing ApplePass token).
	errUnauthorized = &apperr.Error{Kind: apperr.KindUnauthenticated, Code: "unauthorized", Message: "Not authorized."}
	errNoSuchPass   = apperr.NotFound("No such pass.")
)

// owned is the caller's coupon id; another's is coupon.ErrNotFound.
func (s *Service) owned(ctx context.Context, userID, couponID string) (coupon.Coupon, error) {
	a, err := s.deps.Coupons.Get(ctx, couponID)
	if err != nil {
		return coupon.Coupon{}, err
	}
	if a.UserID != userID {
		return coupon.Coupon{}, coupon.ErrNotFound
	}
	return a.Coupon, nil
}

// ApplePass is the signed .pkpass of the caller's coupon couponID.
func (s *Service) ApplePass(ctx context.Context, userID, couponID string) ([]byte, error) {
	if s.apple == nil {
		return nil, errAppleOff
	}
	c, err := s.owned(ctx, userID, couponID)
	if err != nil {
		return nil, err
	}
	_, f, err := s.ensure(ctx, c)
	if err != nil {
		return nil, err
	}
	return s.apple.Build(f.Face)
}

// GoogleSaveURL is the "Add to Google Wallet" link of the caller's coupon
// couponID; the store's class and the coupon's object are created through
// the Wallet API first, once.
func (s *Service) GoogleSaveURL(ctx context.Context, userID, couponID string) (string, error) {
	if s.google == nil {
		return "", errGoogleOff
	}
	c, err := s.owned(ctx, userID, couponID)
	if err != nil {
		return "", err
	}
	p, f, err := s.ensure(ctx, c)
	if err != nil {
		return "", err
	}
	if !p.GoogleObject {
		if err := s.api.insert(ctx, "giftCardClass", s.google.class(f.Store)); err != nil {
			return "", s.unreachable(err)
		}
		if err := s.api.insert(ctx, "giftCardObject", s.google.object(f.Face, googleState(f.view))); err != nil {
			return "", s.unreachable(err)
		}
		if err := s.store.setGoogleObject(ctx, c.ID, s.google.objectID(c.ID)); err != nil {
			return "", err
		}
	}
	return s.google.SaveURL(c.ID, []string{s.deps.BaseURL}, s.now())
}

func (s *Service) unreachable(err error) error {
	s.log.Warn("google wallet", "err", err)
	return &apperr.Error{Kind: apperr.KindUnavailable, Code: "wallet_unavailable",
		Message: "Google Wallet can't be reached right now. Please try again in a minute."}
}

// face is what the pass of c shows now, with state, the fingerprint a
// change of which updates the pass.
type face struct {
	Face
	state, status string
	view          string // the status the coupon shows (coupon.View)
}

func (s *Service) face(ctx context.Context, c coupon.Coupon, token string) (face, error) {
	site, err := s.deps.Site(ctx)
	if err != nil {
		return face{}, err
	}
	now := s.now()
	v := c.View(now)
	f := Face{
		Serial: c.ID, AuthToken: token, WebServiceURL: s.deps.BaseURL + WebServicePath, Store: site.SiteTitle,
		ValueCents: v.ValueTodayCents, MinPurchase: money.Format(v.MinPurchaseTodayCents), Expires: c.ExpiresAt,
		QR: coupon.CounterLink(func(p string) string { return s.deps.BaseURL + p }, c.Code), Code: c.Code,
	}
	f.Status, f.Voided = s.statusText(v), v.Status != coupon.StatusActive
	if c.PaidNeverExpires() {
		f.Expires = time.Time{} // no expiration date on the pass (docs/product.md#wallet-passes)
	}
	f.Back = append(f.Back, coupon.OnPass(s.deps.Terms(c))...)
	if site.StoreAddress != "" {
		f.Back = append(f.Back, site.SiteTitle+", "+site.StoreAddress)
	}
	if site.StorePhone != "" {
		f.Back = append(f.Back, "Phone: "+site.StorePhone)
	}
	return face{Face: f, state: v.Status + ":" + strconv.FormatInt(v.ValueTodayCents, 10), status: c.Status,
		view: v.Status}, nil
}

// statusText is the pass's status line: why a voided pass can no longer be used.
func (s *Service) statusText(v coupon.View) string {
	switch v.Status {
	case coupon.StatusActive:
		return "Valid"
	case coupon.StatusUsed:
		if v.RedeemedAt != nil {
			return "Redeemed on " + datetext.Day(*v.RedeemedAt, s.deps.TimeZone)
		}
		return "Redeemed"
	case coupon.StatusExpired:
		return "Expired"
	case coupon.StatusDisputed:
		return "Void: the payment is disputed"
	default:
		return "Void: refunded"
	}
}

// ensure returns c's pass, made now if it has none, checked against c.
func (s *Service) ensure(ctx context.Context, c coupon.Coupon) (pass, face, error) {
	p, err := s.store.pass(ctx, c.ID)
	if errors.Is(err, db.ErrNotFound) {
		var f face
		if f, err = s.face(ctx, c, ""); err != nil {
			return pass{}, face{}, err
		}
		if err = s.store.create(ctx, c.ID, rand.Text(), f.state, f.status, s.now()); err != nil {
			return pass{}, face{}, err
		}
		p, err = s.store.pass(ctx, c.ID)
	}
	if err != nil {
		return pass{}, face{}, err
	}
	return s.check(ctx, p, c, false)
}

// check compares p with its coupon c and, when what the pass shows changed,
// moves its updated_at and queues the push to each registered device and
// the patch of its Google object, in one transaction. record writes the
// check even when nothing shows differently (Sync: so the pass is not
// stale again); otherwise an unchanged pass costs no write.
func (s *Service) check(ctx context.Context, p pass, c coupon.Coupon, record bool) (pass, face, error) {
	f, err := s.face(ctx, c, p.AuthToken)
	if err != nil || (f.state == p.State && !record) {
		return p, f, err
	}
	err = s.store.db.InTx(ctx, func(ctx context.Context) error {
		now := s.now()
		moved, err := s.store.changed(ctx, p.CouponID, p.State, f.state, f.status, now)
		if err != nil || !moved {
			return err
		}
		p.State, p.UpdatedAt = f.state, now
		if err := s.store.queuePushes(ctx, p.CouponID, now, now); err != nil {
			return err
		}
		if p.GoogleObject {
			return s.store.queue(ctx, kindGoogle, p.CouponID, now, now)
		}
		return nil
	})
	return p, f, err
}

// refresh checks the pass of couponID against its coupon (record: check's).
func (s *Service) refresh(ctx context.Context, couponID string, record bool) (pass, face, error) {
	p, err := s.store.pass(ctx, couponID)
	if err != nil {
		return pass{}, face{}, err
	}
	a, err := s.deps.Coupons.Get(ctx, couponID)
	if err != nil {
		return pass{}, face{}, err
	}
	return s.check(ctx, p, a.Coupon, record)
}

// syncBatch bounds the passes one Sync checks.
const syncBatch = 500

// Sync checks every pass whose coupon may have changed (redeemed, undone,
// refunded, disputed, expired, bonus ended) and queues its updates; a
// periodic job runs it, then Send.
func (s *Service) Sync(ctx context.Context) (int, error) {
	ids, err := s.store.stale(ctx, s.now(), syncBatch)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		if _, _, err := s.refresh(ctx, id, true); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// sendBatch bounds the pushes and patches one Send sends.
const sendBatch = 200

// Send sends the due pushes and Google patches; a failed one is tried
// again after mail.Backoff, up to mail.DefaultMaxAttempts times. It returns
// how many went out.
func (s *Service) Send(ctx context.Context) (int, error) {
	items, err := s.store.due(ctx, s.now(), mail.DefaultMaxAttempts, sendBatch)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, it := range items {
		err := s.deliver(ctx, it)
		if ctx.Err() != nil {
			return sent, ctx.Err()
		}
		if err != nil {
			s.log.Warn("wallet update not sent", "kind", it.Kind, "attempt", it.Attempts+1, "err", err)
			if err := s.store.failed(ctx, it.ID, it.Attempts+1, s.now().Add(mail.Backoff(it.Attempts+1)), err.Error()); err != nil {
				return sent, err
			}
			continue
		}
		if err := s.store.sent(ctx, it.ID, s.now()); err != nil {
			return sent, err
		}
		sent++
	}
	return sent, nil
}

func (s *Service) deliver(ctx context.Context, it outboxItem) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	switch {
	case it.Kind == kindAPNs && s.push != nil:
		gone, err := s.push.push(ctx, it.Target)
		if gone {
			return s.store.forgetToken(ctx, it.Target)
		}
		return err
	case it.Kind == kindGoogle && s.api != nil:
		_, f, err := s.refresh(ctx, it.Target, false)
		if err != nil {
			return err
		}
		obj := s.google.object(f.Face, googleState(f.view))
		return s.api.patch(ctx, s.google.objectID(it.Target), obj)
	default:
		return fmt.Errorf("wallet: %s is not configured", it.Kind)
	}
}

// Run is the periodic job: check the passes, send their updates, drop
// outbox rows older than mail.Retention.
func (s *Service) Run(ctx context.Context) (int, error) {
	checked, err := s.Sync(ctx)
	if err != nil {
		return checked, err
	}
	sent, err := s.Send(ctx)
	if err != nil {
		return checked + sent, err
	}
	pruned, err := s.store.prune(ctx, s.now().Add(-mail.Retention))
	return checked + sent + pruned, err
}

// authorized is the pass serial's row when header carries its ApplePass
// token (compared in constant time), else the 401.
func (s *Service) authorized(ctx context.Context, passType, serial, header string) (pass, error) {
	if s.apple == nil || passType != s.apple.PassTypeID {
		return pass{}, errNoSuchPass
	}
	token, ok := strings.CutPrefix(header, "ApplePass ")
	p, err := s.store.pass(ctx, serial)
	if errors.Is(err, db.ErrNotFound) {
		return pass{}, errUnauthorized
	}
	if err != nil {
		return pass{}, err
	}
	if !ok || subtle.ConstantTimeCompare([]byte(token), []byte(p.AuthToken)) != 1 {
		return pass{}, errUnauthorized
	}
	return p, nil
}

// Register records a device's registration for a pass's updates (Apple's
// web service); created is false when it was registered already.
func (s *Service) Register(ctx context.Context, device, passType, serial, auth, pushToken string) (bool, error) {
	if _, err := s.authorized(ctx, passType, serial, auth); err != nil {
		return false, err
	}
	if device == "" || pushToken == "" || len(pushToken) > 200 || len(device) > 200 {
		return false, apperr.Invalid("pushToken", "A push token is required.")
	}
	return s.store.register(ctx, device, serial, pushToken, s.now())
}

// Unregister ends a device's registration for a pass.
func (s *Service) Unregister(ctx context.Context, device, passType, serial, auth string) error {
	if _, err := s.authorized(ctx, passType, serial, auth); err != nil {
		return err
	}
	return s.store.unregister(ctx, device, serial)
}

// Updated lists the serials of the passes device registered that changed
// after tag ("" for all), with the tag of the latest change.
func (s *Service) Updated(ctx context.Context, device, passType, tag string) ([]string, string, error) {
	if s.apple == nil || passType != s.apple.PassTypeID {
		return nil, "", errNoSuchPass
	}
	var since *time.Time
	if tag != "" {
		us, err := strconv.ParseInt(tag, 10, 64)
		if err != nil {
			return nil, "", apperr.Invalid("passesUpdatedSince", "Unknown tag.")
		}
		t := time.UnixMicro(us).UTC()
		since = &t
	}
	serials, last, err := s.store.updatedSince(ctx, device, since)
	if err != nil || len(serials) == 0 {
		return nil, "", err
	}
	return serials, strconv.FormatInt(last.UnixMicro(), 10), nil
}

// LatestPass is the current pass of serial for a device holding its token,
// checked against its coupon first, with when it last changed.
func (s *Service) LatestPass(ctx context.Context, passType, serial, auth string) ([]byte, time.Time, error) {
	if _, err := s.authorized(ctx, passType, serial, auth); err != nil {
		return nil, time.Time{}, err
	}
	p, f, err := s.refresh(ctx, serial, false)
	if err != nil {
		return nil, time.Time{}, err
	}
	b, err := s.apple.Build(f.Face)
	return b, p.UpdatedAt, err
}
