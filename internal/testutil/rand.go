package testutil

import (
	"crypto/rand"
	"strings"
)

func randomSuffix() string { return strings.ToLower(rand.Text()[:10]) }
