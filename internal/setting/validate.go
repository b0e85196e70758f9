package setting

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"watchwin/internal/apperr"
	"watchwin/internal/auth"
)

// rule checks one key's value: check returns "" when the value is fine,
// else the message shown beside field in the admin form. The same rules
// judge a value when an admin saves it (400 naming the field) and when it is
// read (a stored value that fails, written before these rules or straight
// into the database, reads as its default), so nothing else ever reaches a
// page.
type rule struct {
	field string
	check func(string) string
}

var rules = map[string]rule{
	KeySiteTitle:    {"site_title", checkSiteTitle},
	KeyContactEmail: {"contact_email", checkEmail},
	KeyStoreAddress: {"store_address", checkAddress},
	KeyStorePhone:   {"store_phone", checkPhone},

	KeyAnnouncementText:        {"text", checkText},
	KeyAnnouncementEnabled:     {"enabled", checkBool},
	KeyAnnouncementColor:       {"color", checkColor},
	KeyAnnouncementTextColor:   {"text_color", checkColor},
	KeyAnnouncementFontSize:    {"font_size", checkFontSize},
	KeyAnnouncementFontFamily:  {"font_family", checkFontFamily},
	KeyAnnouncementBorder:      {"border", checkBorder},
	KeyAnnouncementDismissible: {"dismissible", checkBool},

	KeyReminderReady:      {"ready", checkBool},
	KeyReminderUnfinished: {"unfinished", checkBool},
	KeyReminderOffer:      {"offer", checkBool},
}

// Limits of the values.
const (
	maxTitle      = 100
	maxAddress    = 200
	minPhone      = 7
	maxPhone      = 30
	maxText       = 500
	maxFontFamily = 100
	// The banner's font size in px (docs/product.md#validation-and-its-messages); rem is counted at the
	// browser's default 16 px root, so the default 1.25rem is 20 px.
	minFontPx = 12
	maxFontPx = 48
	pxPerRem  = 16
)

// Messages of the admin forms.
const (
	msgTitleRequired = "Site title is required"
	msgTitleLong     = "Site title must be at most 100 characters"
	msgTitleLine     = "Site title must be one line without control characters"
	msgAddressLong   = "Store address must be at most 200 characters"
	msgAddressLine   = "Store address must be one line without control characters"
	msgPhone         = "Phone number must be 7 to 30 characters: digits, spaces and + ( ) - ."
	msgTextLong      = "Announcement text must be at most 500 characters"
	msgTextLine      = "Announcement text must be one line without control characters"
	msgBool          = "Must be true or false"
	msgColor         = "Color must be a hex color such as #E53E3E or a color name such as white"
	msgFontSize      = "Font size must be from 12 to 48 px, such as 20px"
	msgFontFamily    = "Font family must be 1 to 100 letters, digits, spaces, commas, quotes or hyphens, such as Georgia, serif"
	msgBorder        = "Border must be none or a width, style and color, such as 2px solid #ffffff"
)

// These values land in the banner's CSS (colour, size, font, border), so
// only plain values pass: no semicolons, parentheses, url() or anything else
// that could carry another property.
const colorPattern = `#(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})|[A-Za-z]{3,20}`

var (
	cssColor      = regexp.MustCompile(`^(?:` + colorPattern + `)$`)
	cssFontSize   = regexp.MustCompile(`^(\d{1,2}(?:\.\d{1,3})?)(px|rem)$`)
	cssFontFamily = regexp.MustCompile(`^[A-Za-z0-9 ,'"-]{1,100}$`)
	cssBorder     = regexp.MustCompile(`^(?:none|\d{1,2}px (?:solid|dashed|dotted|double) (?:` + colorPattern + `))$`)
	phoneChars    = regexp.MustCompile(`^[0-9+() .-]+$`)
)

func checkSiteTitle(s string) string {
	switch n := utf8.RuneCountInString(s); {
	case strings.TrimSpace(s) == "":
		return msgTitleRequired
	case n > maxTitle:
		return msgTitleLong
	case hasControl(s):
		return msgTitleLine
	}
	return ""
}

// checkEmail uses the rule accounts use; addresses are compared without
// regard to case, so the address is checked lower-cased but kept as typed.
func checkEmail(s string) string {
	if !auth.ValidEmail(strings.ToLower(s)) {
		return auth.MsgEmail
	}
	return ""
}

// checkAddress allows an empty address (the pages then show none).
func checkAddress(s string) string {
	switch {
	case utf8.RuneCountInString(s) > maxAddress:
		return msgAddressLong
	case hasControl(s):
		return msgAddressLine
	}
	return ""
}

// checkPhone wants what a phone number is written with, and at least 7
// digits of it.
func checkPhone(s string) string {
	digits := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	// len counts bytes: phoneChars allows ASCII only, so bytes are characters.
	if len(s) < minPhone || len(s) > maxPhone || !phoneChars.MatchString(s) || digits < minPhone {
		return msgPhone
	}
	return ""
}

func checkText(s string) string {
	switch {
	case utf8.RuneCountInString(s) > maxText:
		return msgTextLong
	case hasControl(s):
		return msgTextLine
	}
	return ""
}

func checkBool(s string) string {
	if s != "true" && s != "false" {
		return msgBool
	}
	return ""
}

func checkColor(s string) string {
	if !cssColor.MatchString(s) || !knownColor(s) {
		return msgColor
	}
	return ""
}

// checkFontSize accepts NNpx from 12 to 48 (what the admin form sends) and
// the same range in rem (0.75rem–3rem), so the default 1.25rem is a
// valid value and saving the untouched form never fails.
func checkFontSize(s string) string {
	m := cssFontSize.FindStringSubmatch(s)
	if m == nil {
		return msgFontSize
	}
	n, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return msgFontSize
	}
	if m[2] == "rem" {
		n *= pxPerRem
	}
	if n < minFontPx || n > maxFontPx {
		return msgFontSize
	}
	return ""
}

func checkFontFamily(s string) string {
	if !cssFontFamily.MatchString(s) {
		return msgFontFamily
	}
	return ""
}

func checkBorder(s string) string {
	if !cssBorder.MatchString(s) || (s != "none" && !knownColor(s[strings.LastIndexByte(s, ' ')+1:])) {
		return msgBorder
	}
	return ""
}

// hasControl reports control characters (line breaks and tabs included):
// every one of these values is shown on one line.
func hasControl(s string) bool {
	return strings.IndexFunc(s, unicode.IsControl) >= 0
}

// validate checks values key by key in the order given and answers 400
// naming the first field at fault.
func validate(keys []string, values map[string]string) error {
	for _, k := range keys {
		r := rules[k]
		if msg := r.check(values[k]); msg != "" {
			return apperr.Invalid(r.field, msg)
		}
	}
	return nil
}
