package mail

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	htemplate "html/template"
	"io/fs"
	"strings"
	ttemplate "text/template"
)

// templateFiles holds every e-mail: templates/NAME.txt.tmpl defines its
// "subject" and the "body" of the plain-text part, templates/NAME.html.tmpl
// the "body" of the HTML part; layout.txt.tmpl and layout.html.tmpl wrap
// every body with the site's title, address and contact e-mail, and a mail
// may add to their footer by defining "footer".
//
//go:embed templates/*.tmpl
var templateFiles embed.FS

// Site is what every e-mail shows of the store: its title and contact
// e-mail (the site settings), and its postal address, which commercial mail
// (the reminders) carries in its footer.
type Site struct {
	Title        string
	ContactEmail string
	Address      string
}

// View is what a template sees: the site, the site's public URL, and the
// mail's own data (.Data).
type View struct {
	Site    Site
	BaseURL string
	Data    any
}

// Templates renders every e-mail the site sends, with one layout: plain
// text and HTML (html/template escapes the data), links built from the
// public URL (WATCHWIN_BASE_URL), the site title and contact e-mail read
// from the settings when the mail is rendered.
type Templates struct {
	baseURL string
	site    func(ctx context.Context) (Site, error)
	mails   map[string]mailTemplate
}

type mailTemplate struct {
	text *ttemplate.Template
	html *htemplate.Template
}

// NewTemplates returns the templates with links under baseURL and the site
// facts site returns (read on the transaction ctx carries, if any).
func NewTemplates(baseURL string, site func(ctx context.Context) (Site, error)) *Templates {
	return &Templates{baseURL: strings.TrimRight(baseURL, "/"), site: site, mails: parsedMails}
}

// parsedMails: every mail of templateFiles, parsed once. A template that
// does not parse stops the program at start (and every test).
var parsedMails = parseMails()

func parseMails() map[string]mailTemplate {
	names, err := fs.Glob(templateFiles, "templates/*.txt.tmpl")
	if err != nil {
		panic(err)
	}
	out := map[string]mailTemplate{}
	for _, file := range names {
		name := strings.TrimSuffix(strings.TrimPrefix(file, "templates/"), ".txt.tmpl")
		if name == "layout" {
			continue
		}
		out[name] = mailTemplate{
			text: ttemplate.Must(ttemplate.New(name).Option("missingkey=error").
				ParseFS(templateFiles, "templates/layout.txt.tmpl", file)),
			html: htemplate.Must(htemplate.New(name).Option("missingkey=error").
				ParseFS(templateFiles, "templates/layout.html.tmpl", "templates/"+name+".html.tmpl")),
		}
	}
	return out
}

// Link is the public URL of pathAndQuery ("/auth/reset-password?token=…").
func (t *Templates) Link(pathAndQuery string) string { return t.baseURL + pathAndQuery }

// Render renders the mail called name (templates/NAME.*.tmpl) to to with
// data as .Data: subject, text and HTML. The caller adds a DedupeKey or
// attachments where the mail has them.
func (t *Templates) Render(ctx context.Context, name, to string, data any) (Message, error) {
	m, ok := t.mails[name]
	if !ok {
		return Message{}, fmt.Errorf("mail: no template %q", name)
	}
	site, err := t.site(ctx)
	if err != nil {
		return Message{}, fmt.Errorf("mail %s: site settings: %w", name, err)
	}
	v := View{Site: site, BaseURL: t.baseURL, Data: data}
	var subject, text, html bytes.Buffer
	if err := m.text.ExecuteTemplate(&subject, "subject", v); err != nil {
		return Message{}, fmt.Errorf("mail %s: %w", name, err)
	}
	if err := m.text.ExecuteTemplate(&text, "layout", v); err != nil {
		return Message{}, fmt.Errorf("mail %s: %w", name, err)
	}
	if err := m.html.ExecuteTemplate(&html, "layout", v); err != nil {
		return Message{}, fmt.Errorf("mail %s: %w", name, err)
	}
	return Message{
		To: to,
		// One line however the data reads: a subject may not break.
		Subject: strings.Join(strings.Fields(subject.String()), " "),
		Text:    text.String(),
		HTML:    html.String(),
	}, nil
}
