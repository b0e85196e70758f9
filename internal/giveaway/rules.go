package giveaway

import (
	"context"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"watchwin/internal/apperr"
	"watchwin/internal/audit"
	"watchwin/internal/setting"
)

// Settings is what the giveaway needs of the settings domain
// (*setting.Service): the rules are site settings under giveaway_* keys, and
// the sponsor defaults to the store's own name and address.
type Settings interface {
	Values(ctx context.Context, keys ...string) (map[string]string, error)
	Save(ctx context.Context, values map[string]string) error
	Site(ctx context.Context) (setting.Site, error)
}

// Rules are the official rules' settings (the Giveaway tab of
// /admin/settings, docs/product.md#giveaway): the sponsor, the default prize
// (a webinar may name its own), eligibility and the winner's deadlines.
type Rules struct {
	SponsorName      string `json:"sponsor_name"`
	SponsorAddress   string `json:"sponsor_address"`
	PrizeDescription string `json:"prize_description"`
	PrizeValueCents  int64  `json:"prize_value_cents"` // approximate retail value
	MinAge           int    `json:"min_age"`
	Residency        string `json:"residency"`
	ExtraEligibility string `json:"extra_eligibility"` // "" for none; the entrant confirms it too
	NotifyDays       int    `json:"notify_days"`       // the winner is e-mailed within this many days of the draw
	ClaimDays        int    `json:"claim_days"`        // and must claim within this many days of the e-mail
}

// RulesInput is the admin's form; absent numbers are nil so "required" can
// be told from 0.
type RulesInput struct {
	SponsorName      string `json:"sponsor_name"`
	SponsorAddress   string `json:"sponsor_address"`
	PrizeDescription string `json:"prize_description"`
	PrizeValueCents  *int64 `json:"prize_value_cents"`
	MinAge           *int   `json:"min_age"`
	Residency        string `json:"residency"`
	ExtraEligibility string `json:"extra_eligibility"`
	NotifyDays       *int   `json:"notify_days"`
	ClaimDays        *int   `json:"claim_days"`
}

// Keys of the rules in site_settings.
const (
	keySponsorName      = "giveaway_sponsor_name"
	keySponsorAddress   = "giveaway_sponsor_address"
	keyPrizeDescription = "giveaway_prize_description"
	keyPrizeValueCents  = "giveaway_prize_value_cents"
	keyMinAge           = "giveaway_min_age"
	keyResidency        = "giveaway_residency"
	keyExtraEligibility = "giveaway_extra_eligibility"
	keyNotifyDays       = "giveaway_notify_days"
	keyClaimDays        = "giveaway_claim_days"
)

var ruleKeys = []string{keySponsorName, keySponsorAddress, keyPrizeDescription, keyPrizeValueCents,
	keyMinAge, keyResidency, keyExtraEligibility, keyNotifyDays, keyClaimDays}

// Defaults until the admin saves the rules: a complete set, the sponsor
// being the store (setting.Site). The store should set its real prize.
const (
	defaultPrizeDescription = "A $100 store gift card, good for any gear, accessories or training at the store"
	defaultPrizeValueCents  = 100_00
	defaultMinAge           = 21
	defaultResidency        = "Legal residents of the United States"
	defaultNotifyDays       = 7
	defaultClaimDays        = 14
)

// Limits and messages of the form.
const (
	maxName        = 200
	maxText        = 1000
	maxPrizeCents  = 100_000_00
	maxMinAge      = 99
	maxNotifyDays  = 60
	maxClaimDays   = 90
	msgSponsorName = "Sponsor name is required"
	msgSponsorAddr = "Sponsor address is required"
	msgPrizeDesc   = "Prize description is required"
	msgPrizeValue  = "Prize value is required"
	msgPrizeMax    = "Prize value must be at most $100,000"
	msgMinAge      = "Minimum age must be between 21 and 99"
	msgResidency   = "Residency is required"
	msgNotifyDays  = "The winner must be notified within 1 to 60 days"
	msgClaimDays   = "The claim period must be 1 to 90 days"
	msgTooLong     = "is too long"
	msgControl     = "must not contain control characters"
)

func (r Rules) values() map[string]string {
	return map[string]string{
		keySponsorName: r.SponsorName, keySponsorAddress: r.SponsorAddress,
		keyPrizeDescription: r.PrizeDescription, keyPrizeValueCents: strconv.FormatInt(r.PrizeValueCents, 10),
		keyMinAge: strconv.Itoa(r.MinAge), keyResidency: r.Residency, keyExtraEligibility: r.ExtraEligibility,
		keyNotifyDays: strconv.Itoa(r.NotifyDays), keyClaimDays: strconv.Itoa(r.ClaimDays),
	}
}

// Rules returns the official rules' settings, each unset or unreadable
// value replaced by its default.
func (s *Service) Rules(ctx context.Context) (Rules, error) {
	v, err := s.settings.Values(ctx, ruleKeys...)
	if err != nil {
		return Rules{}, err
	}
	site, err := s.settings.Site(ctx)
	if err != nil {
		return Rules{}, err
	}
	text := func(key, fallback string) string {
		if t := strings.TrimSpace(v[key]); t != "" {
			return t
		}
		return fallback
	}
	number := func(key string, fallback, lo, hi int64) int64 {
		n, err := strconv.ParseInt(v[key], 10, 64)
		if err != nil || n < lo || n > hi {
			return fallback
		}
		return n
	}
	return Rules{
		SponsorName:      text(keySponsorName, site.SiteTitle),
		SponsorAddress:   text(keySponsorAddress, site.StoreAddress),
		PrizeDescription: text(keyPrizeDescription, defaultPrizeDescription),
		PrizeValueCents:  number(keyPrizeValueCents, defaultPrizeValueCents, 1, maxPrizeCents),
		MinAge:           int(number(keyMinAge, defaultMinAge, defaultMinAge, maxMinAge)),
		Residency:        text(keyResidency, defaultResidency),
		ExtraEligibility: strings.TrimSpace(v[keyExtraEligibility]),
		NotifyDays:       int(number(keyNotifyDays, defaultNotifyDays, 1, maxNotifyDays)),
		ClaimDays:        int(number(keyClaimDays, defaultClaimDays, 1, maxClaimDays)),
	}, nil
}

// SaveRules checks and saves the rules with their audit entry in one
// transaction. It refuses rules without a sponsor, an address or a prize
// value (docs/product.md#giveaway): the written offer must disclose them.
func (s *Service) SaveRules(ctx context.Context, in RulesInput) (Rules, error) {
	r, err := in.validate()
	if err != nil {
		return Rules{}, err
	}
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		before, err := s.Rules(ctx)
		if err != nil {
			return err
		}
		if err := s.settings.Save(ctx, r.values()); err != nil {
			return err
		}
		var c audit.Changes
		old, now := before.values(), r.values()
		for _, k := range ruleKeys {
			c.Add(strings.TrimPrefix(k, "giveaway_"), old[k], now[k])
		}
		return audit.Write(ctx, s.db, s.now(), audit.Entry{Action: audit.SettingsGiveaway,
			TargetType: audit.TargetSetting, TargetID: "giveaway", Summary: c.String()})
	})
	if err != nil {
		return Rules{}, err
	}
	return r, nil
}

// validate checks the form in the order it shows the fields.
func (in RulesInput) validate() (Rules, error) {
	r := Rules{
		SponsorName: strings.TrimSpace(in.SponsorName), SponsorAddress: strings.TrimSpace(in.SponsorAddress),
		PrizeDescription: strings.TrimSpace(in.PrizeDescription), Residency: strings.TrimSpace(in.Residency),
		ExtraEligibility: strings.TrimSpace(in.ExtraEligibility),
		MinAge:           defaultMinAge, NotifyDays: defaultNotifyDays, ClaimDays: defaultClaimDays,
	}
	texts := []struct {
		field, value, required string
		max                    int
	}{
		{"sponsor_name", r.SponsorName, msgSponsorName, maxName},
		{"sponsor_address", r.SponsorAddress, msgSponsorAddr, maxText},
		{"prize_description", r.PrizeDescription, msgPrizeDesc, maxText},
	}
	for _, t := range texts {
		if err := checkText(t.field, t.value, t.required, t.max); err != nil {
			return Rules{}, err
		}
	}
	switch {
	case in.PrizeValueCents == nil || *in.PrizeValueCents <= 0:
		return Rules{}, apperr.Invalid("prize_value_cents", msgPrizeValue)
	case *in.PrizeValueCents > maxPrizeCents:
		return Rules{}, apperr.Invalid("prize_value_cents", msgPrizeMax)
	}
	r.PrizeValueCents = *in.PrizeValueCents
	if in.MinAge != nil {
		if *in.MinAge < defaultMinAge || *in.MinAge > maxMinAge {
			return Rules{}, apperr.Invalid("min_age", msgMinAge)
		}
		r.MinAge = *in.MinAge
	}
	if err := checkText("residency", r.Residency, msgResidency, maxText); err != nil {
		return Rules{}, err
	}
	if err := checkText("extra_eligibility", r.ExtraEligibility, "", maxText); err != nil {
		return Rules{}, err
	}
	if in.NotifyDays != nil {
		if *in.NotifyDays < 1 || *in.NotifyDays > maxNotifyDays {
			return Rules{}, apperr.Invalid("notify_days", msgNotifyDays)
		}
		r.NotifyDays = *in.NotifyDays
	}
	if in.ClaimDays != nil {
		if *in.ClaimDays < 1 || *in.ClaimDays > maxClaimDays {
			return Rules{}, apperr.Invalid("claim_days", msgClaimDays)
		}
		r.ClaimDays = *in.ClaimDays
	}
	return r, nil
}

// checkText: required (unless required is ""), at most max characters, no
// control characters but line breaks (an address has lines).
func checkText(field, v, required string, max int) error {
	label := strings.ReplaceAll(field, "_", " ")
	switch {
	case v == "" && required != "":
		return apperr.Invalid(field, required)
	case utf8.RuneCountInString(v) > max:
		return apperr.Invalid(field, strings.ToUpper(label[:1])+label[1:]+" "+msgTooLong)
	}
	for _, c := range v {
		if unicode.IsControl(c) && c != '\n' && c != '\r' {
			return apperr.Invalid(field, strings.ToUpper(label[:1])+label[1:]+" "+msgControl)
		}
	}
	return nil
}
