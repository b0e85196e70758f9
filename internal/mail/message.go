// Package mail delivers e-mail through an outbox table: callers queue a
// Message inside their own transaction (so a mail is queued exactly when the
// change it reports commits), and a background worker sends what is queued,
// with retries and backoff, over SMTP or to the log.
package mail

// Message is one e-mail to queue.
type Message struct {
	// DedupeKey, when set, makes queuing idempotent: a second Message with
	// the same key is not queued (one coupon e-mail per coupon).
	DedupeKey   string
	To          string
	Subject     string
	Text        string // plain-text part, always present
	HTML        string // HTML part, optional
	Attachments []Attachment

	// Class is Transactional (the zero value: sent at once) or Bulk.
	Class Class
	// ListUnsubscribe, when set, is the https URL that unsubscribes the
	// recipient from this kind of mail with one POST (RFC 8058): senders
	// add List-Unsubscribe and List-Unsubscribe-Post headers for it.
	ListUnsubscribe string

	// ID is the outbox row the Worker is sending; senders derive the
	// Message-ID header from it, so a retried mail is recognisably the same
	// message. Set by the Worker; Enqueue ignores it.
	ID string
}

// Attachment is a file sent with a message; with ContentID set it is inline
// and the HTML part can show it as <img src="cid:ContentID">. ContentType
// may carry parameters ("text/calendar; charset=utf-8; method=REQUEST").
type Attachment struct {
	Filename    string `json:"filename"`
	ContentType string `json:"content_type"`
	ContentID   string `json:"content_id,omitempty"`
	Data        []byte `json:"data,omitempty"`
	// QRCode, when set and Data is not, makes the attachment a PNG QR code
	// of this text (QRPNG), drawn by the Worker when it sends the mail.
	QRCode string `json:"qr_code,omitempty"`
}

// Class says how a mail is sent.
type Class string

const (
	// Transactional mail (coupons, receipts, account links) goes out as
	// soon as it is due.
	Transactional Class = ""
	// Bulk mail (the reminders) goes out after every transactional mail
	// that is due, at the store-wide pace of Worker.BulkRate, so a
	// webinar's 5,000 reminders are never one burst.
	Bulk Class = "bulk"
)
