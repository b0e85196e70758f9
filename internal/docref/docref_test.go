package docref

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// root is the repository's top folder (the one holding go.mod).
func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}

// sectionSign is how comments used to cite docs by number.
const sectionSign = '\u00a7'

var (
	// In code: docs/product.md#seats.
	codePointer = regexp.MustCompile(`docs/([\w-]+\.md)#([\w-]+)`)
	// In Markdown: [text](product.md#seats) or [text](#seats).
	mdPointer = regexp.MustCompile(`\]\(([\w./-]*\.md)?#([^)\s]+)\)`)
)

// sources are the files whose comments point into docs/.
func sources(t *testing.T, top string) []string {
	t.Helper()
	var files []string
	for _, dir := range []string{"cmd", "internal", "web/src", "web/scripts", "e2e/tests", "tools", "bench"} {
		err := filepath.WalkDir(filepath.Join(top, dir), func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			switch filepath.Ext(path) {
			case ".go", ".ts", ".tsx", ".mjs", ".css", ".sh", ".sql":
				files = append(files, path)
			}
			return nil
		})
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	return append(files, filepath.Join(top, "Makefile"), filepath.Join(top, ".ci", "run"))
}

func TestPointersIntoDocsExist(t *testing.T) {
	top := root(t)
	anchors := map[string]map[string]bool{}
	docAnchors := func(path string) map[string]bool {
		if a, ok := anchors[path]; ok {
			return a
		}
		b, err := os.ReadFile(path) // #nosec G304: a file of this repository
		if err != nil {
			anchors[path] = nil
			return nil
		}
		anchors[path] = Anchors(string(b))
		return anchors[path]
	}
	check := func(from string, line int, doc, anchor string) {
		a := docAnchors(doc)
		rel, _ := filepath.Rel(top, from)
		relDoc, _ := filepath.Rel(top, doc)
		if a == nil {
			t.Errorf("%s:%d points to %s, which does not exist", rel, line, relDoc)
		} else if !a[anchor] {
			t.Errorf("%s:%d points to %s#%s, a heading %s does not have", rel, line, relDoc, anchor, relDoc)
		}
	}

	self := filepath.Join(top, "internal", "docref")
	for _, file := range sources(t, top) {
		b, err := os.ReadFile(file) // #nosec G304: a file of this repository
		if err != nil {
			continue
		}
		if filepath.Dir(file) != self { // this package shows the loose form on purpose
			for _, line := range LoosePointers(string(b)) {
				rel, _ := filepath.Rel(top, file)
				t.Errorf("%s:%d names a doc's heading in words; point at its anchor: docs/<doc>.md#<anchor>", rel, line)
			}
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.ContainsRune(line, sectionSign) {
				rel, _ := filepath.Rel(top, file)
				t.Errorf("%s:%d cites a section by number; cite its heading: docs/product.md#seats", rel, i+1)
			}
			for _, m := range codePointer.FindAllStringSubmatch(line, -1) {
				check(file, i+1, filepath.Join(top, "docs", m[1]), m[2])
			}
		}
	}

	docs, _ := filepath.Glob(filepath.Join(top, "docs", "*.md"))
	for _, file := range append(docs, filepath.Join(top, "README.md")) {
		b, err := os.ReadFile(file) // #nosec G304: a file of this repository
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.ContainsRune(line, sectionSign) {
				rel, _ := filepath.Rel(top, file)
				t.Errorf("%s:%d cites a section by number; link its heading instead", rel, i+1)
			}
			for _, m := range mdPointer.FindAllStringSubmatch(line, -1) {
				doc := file
				if m[1] != "" {
					doc = filepath.Join(filepath.Dir(file), m[1])
				}
				check(file, i+1, doc, m[2])
			}
		}
	}
}

func TestSlugAndAnchors(t *testing.T) {
	for heading, want := range map[string]string{
		"Seats, payments and money":            "seats-payments-and-money",
		"Coupon page (`/webinar/{id}/coupon`)": "coupon-page-webinaridcoupon",
		"watchwin — the product's rules":       "watchwin--the-products-rules",
		"Test clock (tests only)":              "test-clock-tests-only",
	} {
		if got := Slug(heading); got != want {
			t.Errorf("Slug(%q) = %q, want %q", heading, got, want)
		}
	}
	a := Anchors("# A\n## Admin\n```\n## Not a heading\n```\n## Admin\n")
	for _, want := range []string{"a", "admin", "admin-1"} {
		if !a[want] {
			t.Errorf("anchor %q missing from %v", want, a)
		}
	}
	if a["not-a-heading"] {
		t.Error("a line in fenced code became a heading")
	}
}

// TestLoosePointers: a heading in words beside a doc is found, on the line of
// the doc, in every comment style; a doc named as a whole is not.
func TestLoosePointers(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []int
	}{
		{"// refunded (docs/api.md \"Refunds\").", []int{1}},
		{"// held (docs/api.md, \"Seat holds\"): a seat", []int{1}},
		{"// the budgets of docs/performance.md (\"Performance\").", []int{1}},
		{"-- Account e-mails (docs/api.md, Account e-mails): a confirmed address", []int{1}},
		{"// whole (docs/api.md, Admin: users). The row", []int{1}},
		{"x\n// held for a payment (docs/api.md,\n// \"Seat holds\"). Every change", []int{2}},
		{"\t// a dispute (docs/api.md\n\t// \"Refunds\"); its object", []int{1}},
		{" * the switches (docs/api.md\n * \"Reminders\"), the same", []int{1}},
		{"# (docs/testing.md 'Static analysis' says why)", []int{1}},
		{"// two (docs/api.md \"Reports\", \"Audit log\") and docs/product.md \"Seats\"", []int{1, 1}},
		{"// refunded (docs/api.md#refunds).", nil},
		{"// as docs/api.md#admin-coupons \"Paging\" says", nil},
		{"// every route of docs/api.md.", nil},
		{"// the commands in docs/operations.md describe it", nil},
		{"// the routes (see docs/api.md).", nil},
		{"// the webinar form of docs/api.md, as the admin sends it", nil},
		{"// the endpoints of docs/api.md: public reads", nil},
		{"// docs/api.md lists every limit", nil},
		{"// (docs/api.md)\n// \"quoted\" on the next line", nil},
		{"const file = 'docs/api.md', enc = 'utf8'", nil},
	} {
		if got := LoosePointers(c.src); !slices.Equal(got, c.want) {
			t.Errorf("LoosePointers(%q) = %v, want %v", c.src, got, c.want)
		}
	}
}
