package video

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Cue is one caption: its text shown from Start to End.
type Cue struct {
	ID       string        // WebVTT cue identifier, "" for none (SRT's numbers are not kept)
	Start    time.Duration // to the millisecond
	End      time.Duration
	Settings string // WebVTT cue settings as written ("align:start line:0"), "" for none
	Text     string // the cue's lines joined with "\n"; tags such as <i> kept as written
}

// CaptionError says what is wrong with a caption file (Line) or with an
// edited cue (Cue), in one line an admin can act on.
type CaptionError struct {
	Line int // 1-based line of the file; 0 when not about a line
	Cue  int // 1-based cue number, for ValidateCues; 0 otherwise
	Msg  string
}

func (e *CaptionError) Error() string {
	switch {
	case e.Line > 0:
		return fmt.Sprintf("Line %d: %s", e.Line, e.Msg)
	case e.Cue > 0:
		return fmt.Sprintf("Caption %d: %s", e.Cue, e.Msg)
	}
	return e.Msg
}

const arrow = "-->"

var (
	vttTime = regexp.MustCompile(`^(?:(\d{2,5}):)?([0-5]\d):([0-5]\d)\.(\d{3})$`)
	srtTime = regexp.MustCompile(`^(\d{1,5}):([0-5]\d):([0-5]\d)[,.](\d{3})$`)
)

// ParseCaptions reads a WebVTT file (it starts with "WEBVTT") or else an SRT
// file, with or without a BOM and with any line endings, and checks it as
// ValidateCues does. NOTE, STYLE and REGION blocks are skipped.
func ParseCaptions(data []byte) ([]Cue, error) {
	text := strings.TrimPrefix(string(data), "\uFEFF")
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if !utf8.ValidString(l) {
			return nil, &CaptionError{Line: i + 1, Msg: "the file is not UTF-8 text; save it as UTF-8 and upload it again."}
		}
	}
	p := parser{lines: lines, vtt: strings.HasPrefix(text, "WEBVTT")}
	return p.parse()
}

type parser struct {
	lines []string
	vtt   bool
	cues  []Cue
}

func blank(s string) bool { return strings.TrimSpace(s) == "" }

func (p *parser) parse() ([]Cue, error) {
	i := 0
	if p.vtt {
		if h := p.lines[0]; h != "WEBVTT" && !strings.HasPrefix(h, "WEBVTT ") && !strings.HasPrefix(h, "WEBVTT\t") {
			return nil, &CaptionError{Line: 1, Msg: `the first line must be "WEBVTT".`}
		}
		for i = 1; i < len(p.lines) && !blank(p.lines[i]); i++ {
			if strings.Contains(p.lines[i], arrow) {
				return nil, &CaptionError{Line: i + 1, Msg: `add a blank line after the "WEBVTT" line.`}
			}
		}
	}
	for {
		for i < len(p.lines) && blank(p.lines[i]) {
			i++
		}
		if i == len(p.lines) {
			break
		}
		j := i
		for j < len(p.lines) && !blank(p.lines[j]) {
			j++
		}
		if err := p.block(i, j); err != nil {
			return nil, err
		}
		i = j
	}
	if len(p.cues) == 0 {
		return nil, &CaptionError{Msg: "the file has no captions."}
	}
	return p.cues, nil
}

// block reads lines[from:to], a run of non-blank lines: one cue, or a WebVTT
// comment, style or region block.
func (p *parser) block(from, to int) error {
	b := p.lines[from:to]
	if p.vtt && isBlockHead(b[0], "NOTE") {
		return nil
	}
	c, timing := Cue{}, from
	switch {
	case strings.Contains(b[0], arrow):
	case len(b) > 1 && strings.Contains(b[1], arrow):
		timing++
		if p.vtt {
			c.ID = b[0]
		} else if _, err := strconv.ParseUint(strings.TrimSpace(b[0]), 10, 64); err != nil {
			return &CaptionError{Line: from + 1, Msg: "expected a caption number."}
		}
	case p.vtt && len(p.cues) == 0 && (isBlockHead(b[0], "STYLE") || isBlockHead(b[0], "REGION")):
		return nil
	default:
		return &CaptionError{Line: from + min(len(b), 2), Msg: p.expectTiming()}
	}
	var err error
	c.Start, c.End, c.Settings, err = p.timing(p.lines[timing])
	if err != nil {
		return &CaptionError{Line: timing + 1, Msg: p.expectTiming()}
	}
	for k := timing + 1; k < to; k++ {
		if strings.Contains(p.lines[k], arrow) {
			return &CaptionError{Line: k + 1, Msg: `a caption's text cannot contain "-->"; is a blank line missing before this caption?`}
		}
	}
	c.Text = strings.Join(p.lines[timing+1:to], "\n")
	var prev *Cue
	if n := len(p.cues); n > 0 {
		prev = &p.cues[n-1]
	}
	if msg := checkTimes(c, prev); msg != "" {
		return &CaptionError{Line: timing + 1, Msg: msg}
	}
	p.cues = append(p.cues, c)
	return nil
}

func (p *parser) expectTiming() string {
	ex := `"00:00:01.000 --> 00:00:04.000"`
	if !p.vtt {
		ex = `"00:00:01,000 --> 00:00:04,000"`
	}
	msg := "expected a timing line like " + ex + "; is there a blank line inside a caption?"
	if !p.vtt && len(p.cues) == 0 {
		msg = "this is neither WebVTT (which starts with \"WEBVTT\") nor SRT: " + msg
	}
	return msg
}

// isBlockHead: line is word alone or followed by a space or tab.
func isBlockHead(line, word string) bool {
	rest, ok := strings.CutPrefix(line, word)
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}

// timing reads "start --> end[ settings]"; SRT's coordinates after end are dropped.
func (p *parser) timing(line string) (start, end time.Duration, settings string, err error) {
	l, r, _ := strings.Cut(line, arrow)
	r = strings.TrimLeft(r, " \t")
	n := strings.IndexAny(r, " \t")
	if n < 0 {
		n = len(r)
	}
	pattern := srtTime
	if p.vtt {
		pattern, settings = vttTime, strings.TrimSpace(r[n:])
	}
	start, err1 := parseTime(pattern, strings.TrimSpace(l))
	end, err2 := parseTime(pattern, r[:n])
	if err1 != nil || err2 != nil {
		return 0, 0, "", fmt.Errorf("bad timing %q", line)
	}
	return start, end, settings, nil
}

func parseTime(pattern *regexp.Regexp, s string) (time.Duration, error) {
	m := pattern.FindStringSubmatch(s)
	if m == nil {
		return 0, fmt.Errorf("bad time %q", s)
	}
	var n [4]int64
	for k, part := range m[1:] {
		if part != "" {
			n[k], _ = strconv.ParseInt(part, 10, 64)
		}
	}
	return time.Duration(n[0])*time.Hour + time.Duration(n[1])*time.Minute +
		time.Duration(n[2])*time.Second + time.Duration(n[3])*time.Millisecond, nil
}

// checkTimes: a cue ends after it starts, and starts no earlier than the one before it.
func checkTimes(c Cue, prev *Cue) string {
	switch {
	case c.Start < 0:
		return "the start time is negative."
	case c.End <= c.Start:
		return "the end time is not after the start time."
	case prev != nil && c.Start < prev.Start:
		return "this caption starts before the caption above it."
	}
	return ""
}

// ValidateCues checks cues (for instance after an admin edited one's text)
// so that WriteWebVTT's output reads back as the same cues.
func ValidateCues(cues []Cue) error {
	if len(cues) == 0 {
		return &CaptionError{Msg: "there are no captions."}
	}
	for i, c := range cues {
		var prev *Cue
		if i > 0 {
			prev = &cues[i-1]
		}
		msg := checkTimes(c, prev)
		switch {
		case msg != "":
		case c.Start%time.Millisecond != 0 || c.End%time.Millisecond != 0:
			msg = "times are kept to the millisecond."
		case strings.ContainsAny(c.ID+c.Settings+c.Text, "\r") || !utf8.ValidString(c.ID+c.Settings+c.Text):
			msg = "the text has a character captions cannot hold."
		case strings.Contains(c.ID, "\n") || strings.Contains(c.ID, arrow) || isBlockHead(c.ID, "NOTE") ||
			strings.Contains(c.Settings, "\n") || strings.Contains(c.Settings, arrow):
			msg = "the identifier or settings are not valid WebVTT."
		case strings.Contains(c.Text, arrow):
			msg = `the text cannot contain "-->".`
		case c.Text != "" && hasBlankLine(c.Text):
			msg = "the text cannot contain an empty line."
		}
		if msg != "" {
			return &CaptionError{Cue: i + 1, Msg: msg}
		}
	}
	return nil
}

func hasBlankLine(text string) bool {
	for l := range strings.SplitSeq(text, "\n") {
		if blank(l) {
			return true
		}
	}
	return false
}

// WriteWebVTT writes cues (which ValidateCues accepts) as a WebVTT file.
func WriteWebVTT(cues []Cue) []byte {
	var b strings.Builder
	b.WriteString("WEBVTT\n")
	for _, c := range cues {
		b.WriteString("\n")
		if c.ID != "" {
			b.WriteString(c.ID + "\n")
		}
		b.WriteString(vttTimestamp(c.Start) + " " + arrow + " " + vttTimestamp(c.End))
		if c.Settings != "" {
			b.WriteString(" " + c.Settings)
		}
		b.WriteString("\n")
		if c.Text != "" {
			b.WriteString(c.Text + "\n")
		}
	}
	return []byte(b.String())
}

func vttTimestamp(d time.Duration) string {
	ms := d.Milliseconds()
	return fmt.Sprintf("%02d:%02d:%02d.%03d", ms/3600000, ms/60000%60, ms/1000%60, ms%1000)
}
