package httpx

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

type clientIPKey struct{}

// ClientAddress resolves once per request which address the client is
// (ClientIP reads it). The connection's peer is the client unless the peer is
// one of the trusted proxies: then X-Forwarded-For is read from the right,
// skipping the hops that are themselves trusted proxies, and the first
// address that is not one is the client. Everything to the left of it was
// written by the client or by proxies we do not know, so a forged header from
// an untrusted peer (or a forged prefix behind a trusted one) is never
// believed. With no trusted proxies (the default) the header is ignored.
func ClientAddress(trusted []netip.Prefix) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ip := clientAddr(r, trusted)
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientIPKey{}, ip)))
		})
	}
}

// ClientIP returns the client's address as ClientAddress resolved it, or
// the connection's peer when the middleware did not run.
func ClientIP(r *http.Request) string {
	if ip, ok := r.Context().Value(clientIPKey{}).(string); ok {
		return ip
	}
	return peerHost(r.RemoteAddr)
}

func clientAddr(r *http.Request, trusted []netip.Prefix) string {
	peer, err := parseHop(r.RemoteAddr)
	if err != nil {
		return peerHost(r.RemoteAddr)
	}
	if !isTrusted(peer, trusted) {
		return peer.String()
	}
	// Several X-Forwarded-For lines are one list in order (RFC 9110 section 5.3).
	var hops []string
	for _, line := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(line, ",")...)
	}
	client := peer // the nearest trusted hop so far
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := parseHop(strings.TrimSpace(hops[i]))
		if err != nil {
			// A trusted proxy writes a valid address, so this entry came from
			// someone else: stop at the last hop we could vouch for.
			return client.String()
		}
		client = hop
		if !isTrusted(hop, trusted) {
			return hop.String()
		}
	}
	// Every hop is a trusted proxy: the left-most is the furthest we know.
	return client.String()
}

// parseHop reads an address with or without a port ("192.0.2.1",
// "192.0.2.1:5000", "[2001:db8::1]:5000"), IPv4-mapped IPv6 read as IPv4.
func parseHop(s string) (netip.Addr, error) {
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap().WithZone(""), nil
	}
	a, err := netip.ParseAddr(strings.Trim(s, "[]"))
	if err != nil {
		return netip.Addr{}, err
	}
	return a.Unmap().WithZone(""), nil
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

func peerHost(remoteAddr string) string {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		return remoteAddr
	}
	return host
}
