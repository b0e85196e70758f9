package s3server

import (
	"os"
	"strings"
	"testing"
)

// The Makefile installs the versitygw these tests name in their skip message.
func TestMakefileInstallsThisVersion(t *testing.T) {
	b, err := os.ReadFile("../../../Makefile")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "VERSITYGW_VERSION := "+Version+"\n") {
		t.Errorf("the Makefile's VERSITYGW_VERSION is not %s", Version)
	}
}
