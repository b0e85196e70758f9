//go:build tools

// Package lint pins the static analysers `make lint` builds (Makefile,
// docs/testing.md#static-analysis).
package lint

import (
	_ "github.com/securego/gosec/v2/cmd/gosec"
	_ "honnef.co/go/tools/cmd/staticcheck"
)
