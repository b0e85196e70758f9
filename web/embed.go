// Package web holds the built single-page application (web/dist, written by
// `npm run build`) so the Go binary can serve it without any files beside it.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built SPA. It holds only .keep when the SPA was not built,
// in which case the server answers with a short notice instead of the app.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embed directive guarantees the folder exists
	}
	return sub
}
