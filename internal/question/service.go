package question

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/auth"
	"watchwin/internal/clock"
	"watchwin/internal/db"
	"watchwin/internal/mail"
	"watchwin/internal/registration"
	"watchwin/internal/webinar"
)

// Webinars is what questions need of the webinar domain (*webinar.Service):
// the webinar, or 404 'Webinar not found'.
type Webinars interface {
	Get(ctx context.Context, id string) (webinar.Webinar, error)
}

// Registrations is what questions need of registration
// (*registration.Service): the caller's own registration, or a 404.
type Registrations interface {
	Mine(ctx context.Context, user auth.Profile, webinarID string) (registration.Registration, error)
}

// Mailer renders and queues the answer mail in the answer's transaction.
type Mailer struct {
	Outbox    *mail.Outbox
	Templates *mail.Templates
}

// Deps are the questions' collaborators, all required.
type Deps struct {
	Webinars      Webinars
	Registrations Registrations
	Mailer        Mailer
}

// Service keeps the questions to the store.
type Service struct {
	db       *db.DB
	store    store
	webinars Webinars
	regs     Registrations
	mail     Mailer
	now      clock.Func
}

// NewService returns the questions on d.
func NewService(d *db.DB, deps Deps, now clock.Func) *Service {
	return &Service{db: d, store: store{d}, webinars: deps.Webinars, regs: deps.Registrations, mail: deps.Mailer, now: now}
}

var (
	errMustRegister = &apperr.Error{Kind: apperr.KindForbidden, Code: "registration_required", Message: msgRegisterToAsk}
	errNotFound     = apperr.NotFound(msgNotFound)
	errAnswered     = apperr.Conflict("already_answered", msgAlreadyAnswered)
	errNotAnswered  = apperr.Conflict("not_answered", msgNotAnswered)
	errHidden       = apperr.Conflict("question_hidden", msgHidden)
)

// Ask stores user's question about a webinar at a second of its video. Only
// the webinar's registrants ask (403 registration_required otherwise). The
// question is one line that passes the name rule's link test
// (auth.ValidName, docs/product.md#names): the answer mail quotes it and a
// published one is shown to every viewer.
func (s *Service) Ask(ctx context.Context, user auth.Profile, webinarID string, in Input) (Asked, error) {
	w, err := s.webinars.Get(ctx, webinarID)
	if err != nil {
		return Asked{}, err
	}
	reg, err := s.regs.Mine(ctx, user, webinarID)
	if e, ok := apperr.As(err); ok && e.Kind == apperr.KindNotFound {
		return Asked{}, errMustRegister
	}
	if err != nil {
		return Asked{}, err
	}
	if err := in.validate(w); err != nil {
		return Asked{}, err
	}
	a := Asked{ID: uuid.NewString(), WebinarID: webinarID, Second: in.Second, Question: in.Question,
		ShowName: in.ShowName, Status: New, CreatedAt: s.now()}
	if err := s.store.insert(ctx, a, reg.ID, user.ID); err != nil {
		return Asked{}, err
	}
	return a, nil
}

// validate trims the question to one line and checks it and the second.
func (in *Input) validate(w webinar.Webinar) error {
	in.Question = strings.Join(strings.Fields(in.Question), " ")
	n := utf8.RuneCountInString(in.Question)
	last := maxSecond
	if w.VideoLengthSeconds > 0 {
		last = w.VideoLengthSeconds
	}
	switch {
	case n < MinQuestion:
		return apperr.Invalid("question", msgQuestionShort)
	case n > MaxQuestion:
		return apperr.Invalid("question", msgQuestionLong)
	case !auth.ValidName(in.Question):
		return apperr.Invalid("question", msgQuestionPlain)
	case in.Second < 0 || in.Second > last:
		return apperr.Invalid("second", msgSecond)
	}
	return nil
}

// Inbox is the staff's list of status (new, answered, published or hidden),
// newest first, with how many each status holds.
func (s *Service) Inbox(ctx context.Context, status Status) ([]Item, map[Status]int, error) {
	if status == "" {
		status = New
	}
	if !status.valid() {
		return nil, nil, apperr.Invalid("status", msgBadStatus)
	}
	rows, err := s.store.list(ctx, status)
	if err != nil {
		return nil, nil, err
	}
	counts, err := s.store.counts(ctx)
	if err != nil {
		return nil, nil, err
	}
	items := make([]Item, len(rows))
	for i, r := range rows {
		items[i] = r.item()
	}
	return items, counts, nil
}

// item is r as the inbox shows it: the asker by their plain first name.
func (r row) item() Item {
	it := r.Item
	it.AskerName = auth.PlainName(r.firstName)
	return it
}

// Answer records staff's answer to a new question and, in the same
// transaction, queues it to the asker's own address with the question and a
// link back to its second of the video, and audits it. An answered
// question is 409 already_answered; a hidden one 409 question_hidden.
func (s *Service) Answer(ctx context.Context, staff auth.Profile, id, answer string) (Item, error) {
	answer = strings.TrimSpace(answer)
	switch {
	case answer == "":
		return Item{}, apperr.Invalid("answer", msgAnswerEmpty)
	case utf8.RuneCountInString(answer) > MaxAnswer:
		return Item{}, apperr.Invalid("answer", msgAnswerLong)
	}
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		r, err := s.find(ctx, id)
		if err != nil {
			return err
		}
		switch r.Status {
		case Hidden:
			return errHidden
		case Answered, Published:
			return errAnswered
		}
		now := s.now()
		if ok, err := s.store.answer(ctx, id, answer, staff.ID, now); err != nil || !ok {
			return cmpErr(err, errAnswered)
		}
		m, err := s.mail.message(ctx, r, answer)
		if err != nil {
			return err
		}
		if err := s.mail.Outbox.Enqueue(ctx, m); err != nil {
			return err
		}
		return audit.Write(ctx, s.db, now, audit.Entry{Action: audit.QuestionAnswer, TargetType: audit.TargetQuestion,
			TargetID: id, Summary: "answer mailed (webinar " + r.WebinarID + ", at " + Clock(r.Second) + ")"})
	})
	if err != nil {
		return Item{}, err
	}
	return s.get(ctx, id)
}

// Publish shows an answered question and its answer under its video
// (409 not_answered before an answer; a repeat changes nothing).
func (s *Service) Publish(ctx context.Context, id string) (Item, error) {
	return s.move(ctx, id, Published, audit.QuestionPublish, func(r row) error {
		switch r.Status {
		case New:
			return errNotAnswered
		case Hidden:
			return errHidden
		}
		return nil
	})
}

// Hide takes an abusive question out of every list but the hidden one, and
// from under the video when it was published (a repeat changes nothing).
func (s *Service) Hide(ctx context.Context, id string) (Item, error) {
	return s.move(ctx, id, Hidden, audit.QuestionHide, func(row) error { return nil })
}

// move sets question id to status when allowed says so, audited as action;
// a question already there is answered as it is, with no entry.
func (s *Service) move(ctx context.Context, id string, status Status, action string, allowed func(row) error) (Item, error) {
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		r, err := s.find(ctx, id)
		if err != nil || r.Status == status {
			return err
		}
		if err := allowed(r); err != nil {
			return err
		}
		now := s.now()
		if err := s.store.setStatus(ctx, id, status, now); err != nil {
			return err
		}
		return audit.Write(ctx, s.db, now, audit.Entry{Action: action, TargetType: audit.TargetQuestion, TargetID: id,
			Summary: "status: " + string(r.Status) + " → " + string(status) + " (webinar " + r.WebinarID + ")"})
	})
	if err != nil {
		return Item{}, err
	}
	return s.get(ctx, id)
}

// Published is a webinar's published questions and answers, in the order
// of the video, for everyone who can see its watch page.
func (s *Service) Published(ctx context.Context, webinarID string) ([]Public, error) {
	if _, err := s.webinars.Get(ctx, webinarID); err != nil {
		return nil, err
	}
	rows, err := s.store.published(ctx, webinarID)
	if err != nil {
		return nil, err
	}
	out := make([]Public, 0, len(rows))
	for _, r := range rows {
		p := Public{ID: r.ID, Second: r.Second, Question: r.Question, PublishedAt: *r.PublishedAt}
		if r.Answer != nil {
			p.Answer = *r.Answer
		}
		if name := auth.PlainName(r.firstName); r.ShowName && name != "" {
			p.Name = &name
		}
		out = append(out, p)
	}
	return out, nil
}

func (s *Service) find(ctx context.Context, id string) (row, error) {
	r, err := s.store.get(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return row{}, errNotFound
	}
	return r, err
}

func (s *Service) get(ctx context.Context, id string) (Item, error) {
	r, err := s.find(ctx, id)
	return r.item(), err
}

// cmpErr is err, or fallback when err is nil.
func cmpErr(err, fallback error) error {
	if err != nil {
		return err
	}
	return fallback
}
