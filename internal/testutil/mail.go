package testutil

import (
	"context"
	"database/sql"
	"encoding/json"

	"watchwin/internal/mail"
)

// Mails returns the mail queued to the address to, oldest first, once the
// account e-mails of answered requests are queued (auth's background work).
func (s *Server) Mails(to string) []mail.Message {
	s.t.Helper()
	s.App.Auth.Wait()
	ctx := context.Background()
	rows, err := s.App.DB.QueryContext(ctx, `SELECT id, COALESCE(dedupe_key, ''), to_address, subject, body_text, body_html, attachments,
			bulk, COALESCE(list_unsubscribe, '')
		FROM mail_outbox WHERE to_address = $1 ORDER BY created_at, id`, to)
	if err != nil {
		s.t.Fatal(err)
	}
	defer rows.Close()
	var out []mail.Message
	for rows.Next() {
		var m mail.Message
		var html, attachments sql.NullString
		var bulk bool
		if err := rows.Scan(&m.ID, &m.DedupeKey, &m.To, &m.Subject, &m.Text, &html, &attachments, &bulk, &m.ListUnsubscribe); err != nil {
			s.t.Fatal(err)
		}
		m.HTML = html.String
		if bulk {
			m.Class = mail.Bulk
		}
		if attachments.Valid {
			if err := json.Unmarshal([]byte(attachments.String), &m.Attachments); err != nil {
				s.t.Fatal(err)
			}
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		s.t.Fatal(err)
	}
	return out
}
