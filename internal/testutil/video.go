package testutil

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"watchwin/internal/video"
)

// TusCreate starts a tus upload of a file of size bytes for the webinar, as
// the admin's uploader does (POST on video.UploadPath); its answer's
// Location is the upload's URL.
func (c *Client) TusCreate(webinarID, filename string, size int) Response {
	c.s.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, video.UploadPath, nil)
	req.Header.Set("Tus-Resumable", "1.0.0")
	req.Header.Set("Upload-Length", strconv.Itoa(size))
	req.Header.Set("Upload-Metadata", "webinar_id "+base64.StdEncoding.EncodeToString([]byte(webinarID))+
		",filename "+base64.StdEncoding.EncodeToString([]byte(filename)))
	return c.Send(req)
}

// TusPatch sends part of an upload at offset to its URL (a tus PATCH).
func (c *Client) TusPatch(url string, offset int, part []byte) Response {
	c.s.t.Helper()
	req, _ := http.NewRequest(http.MethodPatch, url, bytes.NewReader(part))
	req.Header.Set("Tus-Resumable", "1.0.0")
	req.Header.Set("Upload-Offset", strconv.Itoa(offset))
	req.Header.Set("Content-Type", "application/offset+octet-stream")
	return c.Send(req)
}

// TusPatchCut sends a PATCH of part at offset whose sender stops after
// sent bytes (a laptop closed mid-upload) and returns the server's answer,
// given once it stored what arrived.
func (c *Client) TusPatchCut(target string, offset int, part []byte, sent int) Response {
	c.s.t.Helper()
	conn, req := c.dialPatch(target, offset, len(part), "")
	defer conn.Close()
	if _, err := conn.Write(part[:sent]); err != nil {
		c.s.t.Fatal(err)
	}
	_ = conn.(*net.TCPConn).CloseWrite() // the rest never comes
	return c.readPatch(bufio.NewReader(conn), req)
}

// TusPatchHeld starts a PATCH of size bytes at offset that sends none of
// them (a client stalled mid-part) and returns once the server asked for
// the body with 100 Continue, which tusd does holding the upload's lock.
// answer reads the server's reply once it gave up on the request.
func (c *Client) TusPatchHeld(target string, offset, size int) (answer func() Response) {
	c.s.t.Helper()
	conn, req := c.dialPatch(target, offset, size, "Expect: 100-continue\r\n")
	c.s.t.Cleanup(func() { _ = conn.Close() })
	r := bufio.NewReader(conn)
	if res, err := http.ReadResponse(r, req); err != nil || res.StatusCode != http.StatusContinue {
		c.s.t.Fatalf("the held PATCH: %v %v", res, err)
	}
	return func() Response {
		_ = conn.SetReadDeadline(time.Now().Add(time.Minute)) // a server that never lets go fails the test
		return c.readPatch(r, req)
	}
}

// dialPatch opens a connection of its own to target's server and sends the
// head of a tus PATCH (with the client's cookies and the extra header
// lines) announcing size bytes at offset, for a test to send the body (or
// not) as it likes.
func (c *Client) dialPatch(target string, offset, size int, extra string) (net.Conn, *http.Request) {
	c.s.t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		c.s.t.Fatal(err)
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		c.s.t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPatch, target, nil)
	for _, ck := range c.http.Jar.Cookies(u) {
		req.AddCookie(ck)
	}
	head := fmt.Sprintf("PATCH %s HTTP/1.1\r\nHost: %s\r\nCookie: %s\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: %d\r\n"+
		"Content-Type: application/offset+octet-stream\r\nContent-Length: %d\r\n%s\r\n",
		u.RequestURI(), u.Host, req.Header.Get("Cookie"), offset, size, extra)
	if _, err := conn.Write([]byte(head)); err != nil {
		_ = conn.Close()
		c.s.t.Fatal(err)
	}
	return conn, req
}

// readPatch reads the answer to a PATCH dialPatch sent.
func (c *Client) readPatch(r *bufio.Reader, req *http.Request) Response {
	c.s.t.Helper()
	res, err := http.ReadResponse(r, req)
	if err != nil {
		c.s.t.Fatalf("the PATCH's answer: %v", err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return Response{Status: res.StatusCode, Header: res.Header, Body: b}
}

// TusHead asks how much of an upload arrived (its Upload-Offset).
func (c *Client) TusHead(url string) Response {
	c.s.t.Helper()
	req, _ := http.NewRequest(http.MethodHead, url, nil)
	req.Header.Set("Tus-Resumable", "1.0.0")
	return c.Send(req)
}

// TusUpload uploads data whole for the webinar (one creation, one PATCH)
// and returns the upload's URL.
func (c *Client) TusUpload(webinarID, filename string, data []byte) string {
	c.s.t.Helper()
	res := c.TusCreate(webinarID, filename, len(data))
	if res.Status != http.StatusCreated {
		c.s.t.Fatalf("tus create: %d %s", res.Status, res.Body)
	}
	url := res.Header.Get("Location")
	if res := c.TusPatch(url, 0, data); res.Status != http.StatusNoContent {
		c.s.t.Fatalf("tus patch: %d %s", res.Status, res.Body)
	}
	return url
}
