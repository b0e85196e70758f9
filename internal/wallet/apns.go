package wallet

import (
	"context"
	"fmt"
	"net/http"

	"github.com/sideshow/apns2"
	"github.com/sideshow/apns2/token"
)

// pusher sends Apple's empty update push to a device (token-based APNs
// auth over HTTP/2): the device then asks the web service what changed.
type pusher struct {
	client *apns2.Client
	topic  string
}

// newPusher returns the APNs client of a; base replaces its HTTP client
// (tests: a loopback stand-in's TLS), nil keeps apns2's HTTP/2 one.
func newPusher(a *Apple, base *http.Client) *pusher {
	c := apns2.NewTokenClient(&token.Token{AuthKey: a.APNsKey, KeyID: a.APNsKeyID, TeamID: a.TeamID})
	c.Host = a.APNsURL
	if base != nil {
		c.HTTPClient = base
	}
	return &pusher{client: c, topic: a.PassTypeID}
}

// push sends the update push to pushToken. gone is true when APNs says the
// token is no longer valid (its registrations are then dropped).
func (p *pusher) push(ctx context.Context, pushToken string) (gone bool, err error) {
	res, err := p.client.PushWithContext(ctx, &apns2.Notification{DeviceToken: pushToken, Topic: p.topic, Payload: []byte("{}")})
	if err != nil {
		return false, err
	}
	switch {
	case res.Sent():
		return false, nil
	case res.StatusCode == http.StatusGone || res.Reason == apns2.ReasonBadDeviceToken || res.Reason == apns2.ReasonUnregistered:
		return true, nil
	default:
		return false, fmt.Errorf("apns: %d %s", res.StatusCode, res.Reason)
	}
}
