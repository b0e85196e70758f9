package registration

import "strings"

// Where registrants came from (docs/product.md#where-registrants-came-from):
// the first touch of a visit, as the SPA kept it for the session.

// Source is a visit's utm tags and short ?ref= code. Nothing in it is
// trusted: clean keeps letters, digits and . _ - + only (others become -),
// lower-cased and capped, and an empty source is "direct".
type Source struct {
	UTMSource   string `json:"utm_source"`
	UTMMedium   string `json:"utm_medium"`
	UTMCampaign string `json:"utm_campaign"`
	Ref         string `json:"ref"`
}

// Caps of the stored tags.
const (
	maxTag = 64
	maxRef = 32
)

// Direct is the source of a registration with no tags.
const Direct = "direct"

// clean returns the stored form of s (the zero Source for nil).
func (s *Source) clean() Source {
	if s == nil {
		return Source{}
	}
	return Source{UTMSource: CleanTag(s.UTMSource, maxTag), UTMMedium: CleanTag(s.UTMMedium, maxTag),
		UTMCampaign: CleanTag(s.UTMCampaign, maxTag), Ref: CleanTag(s.Ref, maxRef)}
}

// CleanTag sanitises one tag: trimmed, lower-case, at most limit
// characters of [a-z0-9._+-], any other character run becoming one -.
func CleanTag(v string, limit int) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.TrimSpace(v)) {
		if b.Len() >= limit {
			break
		}
		ok := (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || r == '.' || r == '_' || r == '+' || r == '-'
		if !ok {
			if !dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = true
			continue
		}
		dash = false
		b.WriteRune(r)
	}
	return strings.Trim(b.String(), "-")
}
