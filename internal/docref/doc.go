// Package docref keeps the pointers from code and docs into docs/*.md true.
// Comments cite a rule by its heading (docs/product.md#seats), never by a
// section number: inserting a section must not misdirect them. The package's
// test fails on a pointer to a heading that does not exist, on a heading named
// in words beside its doc (docs/api.md "Refunds") instead of by its anchor, and
// on a section sign (U+00A7).
package docref

import (
	"regexp"
	"strings"
	"unicode"
)

// Slug is the anchor GitHub gives a heading: lower case, letters, digits,
// '_', '-' and spaces kept, spaces become '-'.
func Slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r), r == '_', r == '-':
			b.WriteRune(r)
		case r == ' ':
			b.WriteRune('-')
		}
	}
	return b.String()
}

var headingLine = regexp.MustCompile(`^#{1,6} +(.+?) *#*$`)

// Anchors lists the anchors of a Markdown document's headings, outside fenced
// code; a repeated heading gets -1, -2, … as on GitHub.
func Anchors(markdown string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	for _, line := range strings.Split(markdown, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		m := headingLine.FindStringSubmatch(line)
		if fenced || m == nil {
			continue
		}
		s := Slug(m[1])
		if n := seen[s]; n > 0 {
			anchors[s+"-"+itoa(n)] = true
		} else {
			anchors[s] = true
		}
		seen[s]++
	}
	return anchors
}

// loosePointer is a doc followed by a heading in words: quoted after optional
// ',', '(' or ':' (docs/api.md "Refunds", (docs/api.md, "Seat holds"),
// docs/performance.md ("Performance")), or bare and capitalised
// (docs/api.md, Admin: users), also across a comment's line break. A doc named
// as a whole (in docs/api.md, docs/api.md. or docs/api.md)) is no pointer.
var loosePointer = regexp.MustCompile("docs/[\\w-]+\\.md`?(?:" +
	`(?:[ \t]*[,(:]){0,2}[ \t]*` + lineBreak + `?["'\x{201c}\x{2018}][A-Za-z]` +
	`|(?:[ \t]*[,(]){1,2}[ \t]*` + lineBreak + `?[A-Z]` +
	`|[ \t]+[A-Z])`)

// lineBreak is a line break inside a comment, with the next line's marker.
const lineBreak = `(?:\n[ \t]*(?://+|/?\*+|#+|--)?[ \t]*)`

// LoosePointers lists the lines (from 1) of src where a doc is followed by a
// heading in words rather than pointing at its anchor (docs/api.md#refunds):
// nothing could check that such a heading exists.
func LoosePointers(src string) []int {
	var lines []int
	for _, m := range loosePointer.FindAllStringIndex(src, -1) {
		lines = append(lines, strings.Count(src[:m[0]], "\n")+1)
	}
	return lines
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
