package auth

import (
	"strings"
	"unicode"
)

// The name rule (docs/product.md#names), in one place: what a first or
// last name may hold (sign-up, the admin's user edit, `watchwin user add`)
// and which part of any typed name an e-mail may greet (PlainName: the
// account e-mails, the registration and reminder e-mails).

// Messages of a name refused by the rule.
const (
	msgFirstNamePlain = "First name can't contain a web address, an @ or a line break"
	msgLastNamePlain  = "Last name can't contain a web address, an @ or a line break"
)

// ValidName reports whether s may be a first or last name: no control
// character (line breaks, tabs, bidirectional overrides), no @, and
// nothing a mail program would show as a link: "://", "www." or a domain,
// that is a dot followed directly by two letters or digits ("example.com").
// "O'Brien", "Mary-Jane", "José", "St. John" and "J.R." are names.
func ValidName(s string) bool {
	lower := strings.ToLower(s)
	if strings.Contains(lower, "://") || strings.Contains(lower, "www.") {
		return false
	}
	r := []rune(s)
	for i, c := range r {
		if c == '@' || c == '＠' || controlChar(c) || isDot(c) && domainAt(r, i) {
			return false
		}
	}
	return true
}

// controlChar: Unicode's control and format characters and its line and
// paragraph separators, except the zero-width (non-)joiner some scripts
// write names with.
func controlChar(c rune) bool {
	if c == '\u200c' || c == '\u200d' {
		return false
	}
	return unicode.In(c, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp)
}

// isDot: the full stop and the ideographic and full-width ones that
// browsers also read as a domain's dot.
func isDot(c rune) bool { return c == '.' || c == '。' || c == '．' || c == '｡' }

// domainAt: the dot r[i] is followed by two letters or digits, as in a
// domain ("evil.example"), unlike the dots of "J.R." and "St. John".
func domainAt(r []rune, i int) bool {
	n := 0
	for _, c := range r[i+1:] {
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			return false
		}
		if n++; n == 2 {
			return true
		}
	}
	return false
}

// maxMailName caps the name an e-mail greets.
const maxMailName = 40

// PlainName is the part of a typed name that an e-mail may greet: its
// leading words made only of letters and the marks names use (' - .),
// stopping at the first word that is anything else (a URL, a domain,
// "URGENT:", "$499"), at most maxMailName characters. "" when no word
// qualifies; the greeting then has no name.
func PlainName(name string) string {
	var words []string
	n := 0
	for _, word := range strings.Fields(name) {
		if !nameWord(word) || n+len([]rune(word))+len(words) > maxMailName {
			break
		}
		words = append(words, word)
		n += len([]rune(word))
	}
	return strings.TrimRight(strings.Join(words, " "), ".-'’")
}

// nameWord: letters, with ' ’ and - only between letters and dots after
// one ("O'Neil", "Mary-Jo", "J.R.", "Jr."), and a valid name.
func nameWord(w string) bool {
	r := []rune(w)
	for i, c := range r {
		switch {
		case unicode.IsLetter(c) || unicode.Is(unicode.Mn, c):
		case c == '.' && i > 0:
		case (c == '\'' || c == '’' || c == '-') && i > 0 && i < len(r)-1:
		default:
			return false
		}
	}
	return len(r) > 0 && ValidName(w)
}
