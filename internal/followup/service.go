package followup

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/registration"
	"watchwin/internal/reminder"
	"watchwin/internal/setting"
	"watchwin/internal/webinar"
)

// Webinars is what follow-ups need of the webinar domain: the webinar, or
// 404 'Webinar not found'.
type Webinars interface {
	Get(ctx context.Context, id string) (webinar.Webinar, error)
}

// Registrations lists a webinar's registrants with their progress
// (*registration.Service).
type Registrations interface {
	Watchers(ctx context.Context, webinarID string) ([]registration.Watcher, error)
}

// Reminders owns the unsubscribes a follow-up honours and links to
// (*reminder.Service).
type Reminders interface {
	OptedOut(ctx context.Context, k reminder.Kind, userIDs []string) (map[string]bool, error)
	Token(ctx context.Context, k reminder.Kind, userID string) (string, error)
}

// Settings gives the store's postal address, which commercial mail carries.
type Settings interface {
	Site(ctx context.Context) (setting.Site, error)
}

// Deps are the follow-ups' collaborators, all required.
type Deps struct {
	Webinars      Webinars
	Registrations Registrations
	Reminders     Reminders
	Settings      Settings
	Mailer        Mailer
}

// Service previews and sends follow-ups.
type Service struct {
	db    *db.DB
	store store
	deps  Deps
	now   clock.Func
}

// NewService returns the follow-ups on d.
func NewService(d *db.DB, deps Deps, now clock.Func) *Service {
	return &Service{db: d, store: store{d}, deps: deps, now: now}
}

var errNoAddress = apperr.Conflict("store_address_unset",
	"Set the store's postal address in Settings first: every marketing e-mail must carry it.")

// candidate is a person of the segment, before the leave-outs.
type candidate struct {
	registration.Watcher
}

// validCriteria checks c (400 with the field).
func validCriteria(c Criteria) error {
	switch c.Segment {
	case LeftBefore:
		if c.Percent < 1 || c.Percent > 100 {
			return apperr.Invalid("percent", "Choose a point between 1 and 100 %.")
		}
	case NotBought:
		if c.Days < 0 || c.Days > maxDays {
			return apperr.Invalid("days", fmt.Sprintf("Choose between 0 and %d days.", maxDays))
		}
	case NeverStarted:
	default:
		return apperr.Invalid("segment", "Choose who the follow-up goes to.")
	}
	return nil
}

// in reports whether w belongs to segment c now.
func (s *Service) in(c Criteria, w registration.Watcher) bool {
	if w.Purchased {
		return false // a follow-up asks people back; a buyer already came
	}
	p := w.Progress
	switch c.Segment {
	case LeftBefore:
		return p.WatchedSeconds > 0 && !p.WatchedFully && p.LengthSeconds > 0 &&
			p.FurthestSeconds*100 < c.Percent*p.LengthSeconds
	case NotBought:
		watched := p.WatchedFully || p.Percent >= WatchedPercent
		return watched && w.LastWatchedAt != nil && !w.LastWatchedAt.After(s.now().AddDate(0, 0, -c.Days))
	case NeverStarted:
		return p.WatchedSeconds == 0 && !p.WatchedFully
	}
	return false
}

// segment returns the webinar and the people of segment c, and how many of
// them are left out (their ids in skip).
func (s *Service) segment(ctx context.Context, webinarID string, c Criteria) (webinar.Webinar, []candidate, LeftOut, error) {
	if err := validCriteria(c); err != nil {
		return webinar.Webinar{}, nil, LeftOut{}, err
	}
	w, err := s.deps.Webinars.Get(ctx, webinarID)
	if err != nil {
		return w, nil, LeftOut{}, err
	}
	all, err := s.deps.Registrations.Watchers(ctx, webinarID)
	if err != nil {
		return w, nil, LeftOut{}, err
	}
	var in []registration.Watcher
	ids := []string{}
	for _, x := range all {
		if s.in(c, x) {
			in = append(in, x)
			ids = append(ids, x.UserID)
		}
	}
	off, err := s.deps.Reminders.OptedOut(ctx, c.Segment.kind(), ids)
	if err != nil {
		return w, nil, LeftOut{}, err
	}
	recent, err := s.store.recent(ctx, webinarID, s.now().Add(-Week))
	if err != nil {
		return w, nil, LeftOut{}, err
	}
	var out []candidate
	var left LeftOut
	for _, x := range in {
		switch {
		case off[x.UserID]:
			left.Unsubscribed++
		case recent[x.UserID]:
			left.Recent++
		default:
			out = append(out, candidate{x})
		}
	}
	return w, out, left, nil
}

// Preview lists who a follow-up to segment c would reach now (names, e-mail
// addresses, how far each watched): a read of customer data, so audited.
func (s *Service) Preview(ctx context.Context, webinarID string, c Criteria) (Preview, error) {
	_, list, left, err := s.segment(ctx, webinarID, c)
	if err != nil {
		return Preview{}, err
	}
	p := Preview{Criteria: c, Count: len(list), Recipients: make([]Recipient, 0, len(list)), LeftOut: left}
	for _, x := range list {
		p.Recipients = append(p.Recipients, Recipient{Name: x.Name, Email: x.Email, Percent: x.Progress.Percent,
			ResumeSeconds: x.Progress.ResumeSeconds})
	}
	err = audit.Write(ctx, s.db, s.now(), audit.Entry{Action: audit.DataExport, TargetType: audit.TargetWebinar,
		TargetID: webinarID, Summary: fmt.Sprintf("previewed follow-up recipients: %s (%d people)", c.Segment, len(list))})
	return p, err
}

// placeholder matches a {word} in a subject or text.
var placeholder = regexp.MustCompile(`\{[^{}\s]*\}`)

// validText checks a subject or text: present, not too long, only known
// placeholders (400 with the field).
func validText(field, text string, max int, multiline bool) error {
	if strings.TrimSpace(text) == "" {
		return apperr.Invalid(field, "Write the "+field+".")
	}
	if utf8.RuneCountInString(text) > max {
		return apperr.Invalid(field, fmt.Sprintf("Keep the %s under %d characters.", field, max))
	}
	if !multiline && strings.ContainsAny(text, "\r\n") {
		return apperr.Invalid(field, "The subject is one line.")
	}
	for _, p := range placeholder.FindAllString(text, -1) {
		known := false
		for _, k := range Placeholders {
			known = known || p == k
		}
		if !known {
			return apperr.Invalid(field, fmt.Sprintf("%s is not a placeholder: use %s.", p, strings.Join(Placeholders, ", ")))
		}
	}
	return nil
}

// Send queues the follow-up to everyone of its segment now, in one
// transaction: each person's once-a-week claim (store.claim), their mail with
// the link to the second they left and the one-click unsubscribe of the
// segment's kind, the follow-up's record and the audit entry with the count.
// People unsubscribed or followed up this week are left out and counted.
func (s *Service) Send(ctx context.Context, webinarID string, in Input) (Sent, error) {
	if err := validCriteria(in.Criteria); err != nil {
		return Sent{}, err
	}
	if err := validText("subject", in.Subject, maxSubject, false); err != nil {
		return Sent{}, err
	}
	if err := validText("body", in.Body, maxBody, true); err != nil {
		return Sent{}, err
	}
	site, err := s.deps.Settings.Site(ctx)
	if err != nil {
		return Sent{}, err
	}
	if strings.TrimSpace(site.StoreAddress) == "" {
		return Sent{}, errNoAddress
	}
	w, list, left, err := s.segment(ctx, webinarID, in.Criteria)
	if err != nil {
		return Sent{}, err
	}
	kind := in.Segment.kind()
	tokens := make(map[string]string, len(list)) // signed before the transaction (the key may be made on first use)
	for _, x := range list {
		if tokens[x.UserID], err = s.deps.Reminders.Token(ctx, kind, x.UserID); err != nil {
			return Sent{}, err
		}
	}
	out := Sent{ID: uuid.NewString(), LeftOut: left}
	now := s.now()
	src, _ := audit.SourceFrom(ctx)
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		out.Queued, out.LeftOut = 0, left
		if err := s.store.create(ctx, out.ID, webinarID, in, src.ActorID, now); err != nil {
			return err
		}
		for _, x := range list {
			first, err := s.store.claim(ctx, webinarID, x.UserID, now)
			if err != nil {
				return err
			}
			if !first { // another send this week got there first
				out.LeftOut.Recent++
				continue
			}
			resume := x.Progress.ResumeSeconds
			if err := s.store.addRecipient(ctx, out.ID, x.RegistrationID, resume); err != nil {
				return err
			}
			m, err := s.deps.Mailer.message(ctx, out.ID, w, in, x.Watcher, kind, tokens[x.UserID])
			if err != nil {
				return err
			}
			if err := s.deps.Mailer.Outbox.Enqueue(ctx, m); err != nil {
				return err
			}
			out.Queued++
		}
		if err := s.store.counts(ctx, out.ID, out.Queued, out.LeftOut); err != nil {
			return err
		}
		return audit.Write(ctx, s.db, now, audit.Entry{Action: audit.WebinarFollowUp, TargetType: audit.TargetWebinar,
			TargetID: webinarID, Summary: fmt.Sprintf("follow-up %q to %s: %d queued, %d followed up this week, %d unsubscribed",
				in.Subject, in.Segment, out.Queued, out.LeftOut.Recent, out.LeftOut.Unsubscribed)})
	})
	if err != nil {
		return Sent{}, err
	}
	return out, nil
}

// History lists a webinar's follow-ups, newest first.
func (s *Service) History(ctx context.Context, webinarID string) ([]Summary, error) {
	if _, err := s.deps.Webinars.Get(ctx, webinarID); err != nil {
		return nil, err
	}
	return s.store.history(ctx, webinarID)
}
