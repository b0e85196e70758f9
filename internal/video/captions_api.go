package video

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/db"
)

// Messages of the caption routes (docs/api.md#own-videos).
const (
	msgNoVideo     = "Video not found."
	msgLanguage    = "Language must be a code such as en or es-MX."
	msgLabel       = "Label is required, such as English (at most 50 characters, one line)."
	msgCaptionText = "Caption text is required."
	msgCueIndex    = "No caption has this number."
	msgFailedVideo = "This video could not be converted; upload it again before adding captions."
	fieldText      = "text"
	fieldLabel     = "label"
	fieldLanguage  = "language"
	maxLabel       = 50
)

var (
	errNoVideo  = apperr.NotFound(msgNoVideo)
	errCueIndex = apperr.NotFound(msgCueIndex)
)

// Caption is one language's captions as the admin API shows them.
type Caption struct {
	Language string    `json:"language"`
	Label    string    `json:"label"`
	Cues     []CueView `json:"cues"`
}

// CueView is one caption: its times in seconds (to the millisecond) and text.
type CueView struct {
	Start float64 `json:"start"`
	End   float64 `json:"end"`
	Text  string  `json:"text"`
}

// CaptionInput is a caption file as the admin sends it: WebVTT or SRT.
type CaptionInput struct {
	Label string `json:"label"`
	Text  string `json:"text"`
}

// captionView reads a stored caption row.
func captionView(c captionRow) (Caption, error) {
	cues, err := ParseCaptions([]byte(c.VTT))
	if err != nil {
		return Caption{}, fmt.Errorf("video: stored captions %s: %w", c.Language, err)
	}
	return Caption{Language: c.Language, Label: c.Label, Cues: cueViews(cues)}, nil
}

func cueViews(cues []Cue) []CueView {
	out := make([]CueView, len(cues))
	for i, c := range cues {
		out[i] = CueView{Start: c.Start.Seconds(), End: c.End.Seconds(), Text: c.Text}
	}
	return out
}

// captionable returns the video captions may be added to: any but a failed one.
func (s *Service) captionable(ctx context.Context, videoID string) (Video, error) {
	v, err := s.store.get(ctx, videoID)
	if errors.Is(err, db.ErrNotFound) {
		return Video{}, errNoVideo
	}
	if err == nil && v.Status == StatusFailed {
		return Video{}, apperr.Conflict("video_failed", msgFailedVideo)
	}
	return v, err
}

// checkLanguage accepts a BCP 47 tag as the stream URLs take it (languageName).
func checkLanguage(lang string) error {
	if !languageName.MatchString(lang) {
		return apperr.Invalid(fieldLanguage, msgLanguage)
	}
	return nil
}

// PutCaptions sets (or replaces) the video's captions in language from a
// WebVTT or SRT file, kept as WebVTT. A fault names its line (field text).
func (s *Service) PutCaptions(ctx context.Context, videoID, language string, in CaptionInput) (Caption, error) {
	if err := checkLanguage(language); err != nil {
		return Caption{}, err
	}
	label := strings.TrimSpace(in.Label)
	if label == "" || utf8.RuneCountInString(label) > maxLabel || strings.ContainsFunc(label, isControl) {
		return Caption{}, apperr.Invalid(fieldLabel, msgLabel)
	}
	cues, err := ParseCaptions([]byte(in.Text))
	if err != nil {
		return Caption{}, apperr.Invalid(fieldText, captionMessage(err))
	}
	row := captionRow{Language: language, Label: label, VTT: string(WriteWebVTT(cues))}
	err = s.store.db.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.captionable(ctx, videoID); err != nil {
			return err
		}
		now := s.now()
		if err := s.store.putCaption(ctx, videoID, row, now); err != nil {
			return err
		}
		return audit.Write(ctx, s.store.db, now, audit.Entry{Action: audit.VideoCaptions, TargetType: audit.TargetVideo,
			TargetID: videoID, Summary: fmt.Sprintf("%s (%q): %d captions", language, label, len(cues))})
	})
	if err != nil {
		return Caption{}, err
	}
	return Caption{Language: language, Label: label, Cues: cueViews(cues)}, nil
}

// Captions returns the video's captions in language.
func (s *Service) Captions(ctx context.Context, videoID, language string) (Caption, error) {
	if _, err := s.get(ctx, videoID); err != nil {
		return Caption{}, err
	}
	c, err := s.store.caption(ctx, videoID, language)
	if errors.Is(err, db.ErrNotFound) {
		return Caption{}, errNoCaptions
	}
	if err != nil {
		return Caption{}, err
	}
	return captionView(c)
}

// EditCue replaces the text of the cue at index (0 is the first) of the
// video's captions in language; its times stay.
func (s *Service) EditCue(ctx context.Context, videoID, language string, index int, text string) (Caption, error) {
	text = strings.Trim(strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n"), " \t\n")
	if text == "" {
		return Caption{}, apperr.Invalid(fieldText, msgCaptionText)
	}
	var out Caption
	err := s.store.db.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.get(ctx, videoID); err != nil {
			return err
		}
		c, err := s.store.caption(ctx, videoID, language)
		if errors.Is(err, db.ErrNotFound) {
			return errNoCaptions
		}
		if err != nil {
			return err
		}
		cues, err := ParseCaptions([]byte(c.VTT))
		if err != nil {
			return fmt.Errorf("video: stored captions %s: %w", language, err)
		}
		if index < 0 || index >= len(cues) {
			return errCueIndex
		}
		before := cues[index].Text
		cues[index].Text = text
		if err := ValidateCues(cues); err != nil {
			return apperr.Invalid(fieldText, captionMessage(err))
		}
		c.VTT = string(WriteWebVTT(cues))
		now := s.now()
		if err := s.store.putCaption(ctx, videoID, c, now); err != nil {
			return err
		}
		var ch audit.Changes
		ch.Add(fmt.Sprintf("%s caption %d", language, index+1), before, text)
		out = Caption{Language: language, Label: c.Label, Cues: cueViews(cues)}
		return audit.Write(ctx, s.store.db, now, audit.Entry{Action: audit.VideoCaptionEdit, TargetType: audit.TargetVideo,
			TargetID: videoID, Summary: ch.String()})
	})
	return out, err
}

// DeleteCaptions removes the video's captions in language.
func (s *Service) DeleteCaptions(ctx context.Context, videoID, language string) error {
	return s.store.db.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.get(ctx, videoID); err != nil {
			return err
		}
		ok, err := s.store.deleteCaption(ctx, videoID, language)
		if err != nil {
			return err
		}
		if !ok {
			return errNoCaptions
		}
		return audit.Write(ctx, s.store.db, s.now(), audit.Entry{Action: audit.VideoCaptionsDelete,
			TargetType: audit.TargetVideo, TargetID: videoID, Summary: language + " captions removed"})
	})
}

// get returns a video; a missing one is errNoVideo.
func (s *Service) get(ctx context.Context, id string) (Video, error) {
	v, err := s.store.get(ctx, id)
	if errors.Is(err, db.ErrNotFound) {
		return Video{}, errNoVideo
	}
	return v, err
}

// captionMessage is a caption fault as the admin reads it: "Line 12: …"
// starts with a capital already; a bare message gets one.
func captionMessage(err error) string {
	msg := err.Error()
	if r, n := utf8.DecodeRuneInString(msg); n > 0 {
		msg = strings.ToUpper(string(r)) + msg[n:]
	}
	return msg
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }
