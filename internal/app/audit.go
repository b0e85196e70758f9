package app

import (
	"net/http"

	"watchwin/internal/audit"
	"watchwin/internal/auth"
	"watchwin/internal/httpx"
)

// acting gives a staff or admin request, once its guard let it in, the
// audit Source its changes are recorded with (docs/api.md#audit-log): the
// signed-in account and role, the request id, the client's network.
func acting(h httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, _ := auth.UserFrom(r.Context())
		src := audit.Source{ActorID: p.ID, ActorRole: p.Role, RequestID: httpx.RequestID(r.Context()),
			Network: audit.Network(httpx.ClientIP(r))}
		return h(w, r.WithContext(audit.WithSource(r.Context(), src)))
	}
}
