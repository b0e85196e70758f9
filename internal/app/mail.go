package app

import (
	"log/slog"

	"watchwin/internal/mail"
)

// startMail runs the outbox worker until the returned stop is called, which
// waits for it to finish: over SMTP when WATCHWIN_SMTP_URL is set, else to
// the log (docs/product.md#running-it). Serve stops it after the last request has been
// served, so mail queued by those requests still goes out.
func (a *App) startMail() (stop func(), err error) {
	// Links in logged mail are followable when they lead to this machine.
	var sender mail.Sender = mail.Log{RevealLinks: mail.IsLocalURL(a.Config.BaseURL)}
	via := "log"
	if a.Config.SMTPURL != "" {
		s, err := mail.NewSMTP(a.Config.SMTPURL)
		if err != nil {
			return nil, err
		}
		sender, via = s, "smtp"
	}
	w := mail.NewWorker(a.Outbox, sender, a.Config.MailFrom, nil)
	w.BulkRate = a.Config.BulkMailRate
	stop = inBackground(w.Run)
	slog.Info("mail worker started", "via", via)
	return stop, nil
}
