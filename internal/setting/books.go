package setting

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"watchwin/internal/audit"
)

// Keys of the books' settings (docs/operations.md#books-that-close): the
// counter's POS receipt number, the end-of-day e-mail (on or off, the hour
// in the store's zone, the address: empty sends to the contact e-mail),
// the unclaimed-property dormancy in years, and the header names of the POS
// import file's columns (Orchid's by default).
const (
	KeyPOSReceiptRequired = "pos_receipt_required"
	KeyDayMailEnabled     = "end_of_day_email_enabled"
	KeyDayMailHour        = "end_of_day_email_hour"
	KeyDayMailTo          = "end_of_day_email_to"
	KeyDormancyYears      = "dormancy_years"
	KeyPOSNumber          = "pos_header_number"
	KeyPOSIssueDate       = "pos_header_issue_date"
	KeyPOSOriginalValue   = "pos_header_original_value"
	KeyPOSBalance         = "pos_header_balance"
	KeyPOSCustomer        = "pos_header_customer"
	KeyPOSLastUsed        = "pos_header_last_used"
	KeyPOSExpiration      = "pos_header_expiration"
)

// Limits and messages of the books form.
const (
	maxDormancyYears = 20
	maxHeader        = 60
	msgHour          = "The hour must be a whole number from 0 to 23"
	msgDormancy      = "The dormancy period must be from 1 to 20 years"
	msgHeader        = "Each column name must be one line of 1 to 60 characters"
	msgDayMailTo     = "Please enter a valid email address, or leave it empty for the contact e-mail"
)

// posKeys are the POS file's columns in the order the file writes them.
var posKeys = []string{KeyPOSNumber, KeyPOSIssueDate, KeyPOSOriginalValue, KeyPOSBalance, KeyPOSCustomer,
	KeyPOSLastUsed, KeyPOSExpiration}

var booksKeys = append([]string{KeyPOSReceiptRequired, KeyDayMailEnabled, KeyDayMailHour, KeyDayMailTo,
	KeyDormancyYears}, posKeys...)

func init() {
	for k, v := range map[string]string{KeyPOSReceiptRequired: "false", KeyDayMailEnabled: "false", KeyDayMailHour: "21",
		KeyDayMailTo: "", KeyDormancyYears: "5", KeyPOSNumber: "Gift Card Number", KeyPOSIssueDate: "Issue Date",
		KeyPOSOriginalValue: "Original Value", KeyPOSBalance: "Current Balance", KeyPOSCustomer: "Customer",
		KeyPOSLastUsed: "Last Used", KeyPOSExpiration: "Expiration"} {
		defaults[k] = v
	}
	rules[KeyPOSReceiptRequired] = rule{"pos_receipt_required", checkBool}
	rules[KeyDayMailEnabled] = rule{"end_of_day_email", checkBool}
	rules[KeyDayMailHour] = rule{"end_of_day_hour", intBetween(0, 23, msgHour)}
	rules[KeyDayMailTo] = rule{"end_of_day_to", func(v string) string {
		if v != "" && checkEmail(v) != "" {
			return msgDayMailTo
		}
		return ""
	}}
	rules[KeyDormancyYears] = rule{"dormancy_years", intBetween(1, maxDormancyYears, msgDormancy)}
	for _, k := range posKeys {
		rules[k] = rule{"pos_headers." + strings.TrimPrefix(k, "pos_header_"), checkHeader}
	}
}

// checkHeader wants a column name a spreadsheet shows as text.
func checkHeader(v string) string {
	if v == "" || utf8.RuneCountInString(v) > maxHeader || hasControl(v) {
		return msgHeader
	}
	return ""
}

// POSHeaders are the POS import file's column names.
type POSHeaders struct {
	Number        string `json:"number"`
	IssueDate     string `json:"issue_date"`
	OriginalValue string `json:"original_value"`
	Balance       string `json:"balance"`
	Customer      string `json:"customer"`
	LastUsed      string `json:"last_used"`
	Expiration    string `json:"expiration"`
}

// List is the headers in the file's order.
func (h POSHeaders) List() []string {
	return []string{h.Number, h.IssueDate, h.OriginalValue, h.Balance, h.Customer, h.LastUsed, h.Expiration}
}

// Books is the books form and what the counter, the reports and the
// end-of-day job read.
type Books struct {
	ReceiptRequired bool       `json:"pos_receipt_required"`
	DayMail         bool       `json:"end_of_day_email"`
	DayMailHour     int        `json:"end_of_day_hour"`
	DayMailTo       string     `json:"end_of_day_to"`
	DormancyYears   int        `json:"dormancy_years"`
	POSHeaders      POSHeaders `json:"pos_headers"`
}

func (b Books) values() map[string]string {
	v := map[string]string{KeyPOSReceiptRequired: boolString(b.ReceiptRequired), KeyDayMailEnabled: boolString(b.DayMail),
		KeyDayMailHour: strconv.Itoa(b.DayMailHour), KeyDayMailTo: b.DayMailTo, KeyDormancyYears: strconv.Itoa(b.DormancyYears)}
	for i, h := range b.POSHeaders.List() {
		v[posKeys[i]] = h
	}
	return v
}

// Books returns the books' settings, defaults filled in.
func (s *Service) Books(ctx context.Context) (Books, error) {
	v, err := s.effective(ctx, booksKeys)
	if err != nil {
		return Books{}, err
	}
	hour, _ := strconv.Atoi(v[KeyDayMailHour])
	years, _ := strconv.Atoi(v[KeyDormancyYears])
	return Books{ReceiptRequired: v[KeyPOSReceiptRequired] == "true", DayMail: v[KeyDayMailEnabled] == "true",
		DayMailHour: hour, DayMailTo: v[KeyDayMailTo], DormancyYears: years,
		POSHeaders: POSHeaders{Number: v[KeyPOSNumber], IssueDate: v[KeyPOSIssueDate], OriginalValue: v[KeyPOSOriginalValue],
			Balance: v[KeyPOSBalance], Customer: v[KeyPOSCustomer], LastUsed: v[KeyPOSLastUsed], Expiration: v[KeyPOSExpiration]},
	}, nil
}

// SaveBooks trims, checks and saves the books form in one transaction with
// its audit entry (settings.books); 400 naming the first bad field.
func (s *Service) SaveBooks(ctx context.Context, in Books) (Books, error) {
	in.DayMailTo = strings.TrimSpace(in.DayMailTo)
	h := &in.POSHeaders
	for _, p := range []*string{&h.Number, &h.IssueDate, &h.OriginalValue, &h.Balance, &h.Customer, &h.LastUsed, &h.Expiration} {
		*p = strings.TrimSpace(*p)
	}
	values := in.values()
	if err := validate(booksKeys, values); err != nil {
		return Books{}, err
	}
	if err := s.saveAudited(ctx, audit.SettingsBooks, "books", values); err != nil {
		return Books{}, err
	}
	return in, nil
}
