package testutil

import (
	"log/slog"
	"os"
)

// Tests log only warnings and errors, so a failing test's output stays readable.
func init() {
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
}
