package report

import (
	"context"
	"net/url"

	"watchwin/internal/datetext"
	"watchwin/internal/money"
	"watchwin/internal/period"
)

// Day is the period of one store day, date (YYYY-MM-DD).
func (s *Service) Day(date string) (period.Period, error) {
	return period.Parse(url.Values{"from": {date}, "to": {date}}, s.loc, s.now(), period.Custom)
}

// dayMailData is the end-of-day e-mail's (templates/end-of-day.*.tmpl in package mail).
type dayMailData struct {
	Day         string
	Count       int
	Total       string
	Clerks      []dayMailLine
	Redemptions []dayMailLine
	Undone      int
	Link        string
}

type dayMailLine struct {
	Time, Clerk, Code, Value, Receipt string
	Count                             int
}

// SendDayMail queues the end-of-day e-mail of today (docs/operations.md#books-that-close)
// once the store's clock has reached the hour the settings name, when they
// turn it on: to the address they name, else the site's contact e-mail.
// One mail per store day (its DedupeKey); it reports 1 when it queued one.
func (s *Service) SendDayMail(ctx context.Context) (int, error) {
	b, err := s.settings.Books(ctx)
	if err != nil || !b.DayMail {
		return 0, err
	}
	now := s.now().In(s.loc)
	if now.Hour() < b.DayMailHour {
		return 0, nil
	}
	date := now.Format("2006-01-02")
	key := "end-of-day:" + date
	if sent, err := s.mail.Outbox.Queued(ctx, key); err != nil || sent {
		return 0, err
	}
	to := b.DayMailTo
	if to == "" {
		site, err := s.settings.Site(ctx)
		if err != nil {
			return 0, err
		}
		to = site.ContactEmail
	}
	p, err := s.Day(date)
	if err != nil {
		return 0, err
	}
	day, err := s.CounterDay(ctx, p)
	if err != nil {
		return 0, err
	}
	data := dayMailData{Day: datetext.Day(now, s.loc), Count: day.Total.Count, Total: money.Format(day.Total.Cents),
		Link: s.mail.Templates.Link("/admin/reports?day=" + date)}
	for _, c := range day.Clerks {
		data.Clerks = append(data.Clerks, dayMailLine{Clerk: nameOr(c.Clerk), Count: c.Count, Value: money.Format(c.Cents)})
	}
	for _, r := range day.Redemptions {
		if r.UndoneAt != nil {
			data.Undone++
			continue
		}
		data.Redemptions = append(data.Redemptions, dayMailLine{Time: r.RedeemedAt.In(s.loc).Format("3:04 PM"),
			Clerk: nameOr(r.Clerk), Code: r.Code, Value: money.Format(r.ValueCents), Receipt: r.POSReceipt})
	}
	msg, err := s.mail.Templates.Render(ctx, "end-of-day", to, data)
	if err != nil {
		return 0, err
	}
	msg.DedupeKey = key
	return 1, s.mail.Outbox.Enqueue(ctx, msg)
}

// nameOr is a name, or 'Unknown' for an account gone.
func nameOr(name *string) string {
	if name == nil {
		return "Unknown"
	}
	return *name
}
