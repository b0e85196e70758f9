package config

import (
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// S3Storage says where an S3-compatible object store keeps the stored
// images (WATCHWIN_STORAGE_URL=s3://…). Its secret key is never logged:
// String leaves it out.
type S3Storage struct {
	Bucket string
	// Prefix is put before every object key ("" or ending in '/').
	Prefix string
	// Endpoint is the server's host[:port]; Secure says HTTPS.
	Endpoint string
	Secure   bool
	Region   string
	// PathStyle addresses the bucket as endpoint/bucket/key instead of
	// bucket.endpoint/key; the default for a custom endpoint.
	PathStyle bool

	AccessKey    string
	SecretKey    string
	SessionToken string
}

// String describes the store without credentials, for logs.
func (s S3Storage) String() string {
	scheme := "http"
	if s.Secure {
		scheme = "https"
	}
	return fmt.Sprintf("s3://%s/%s (%s://%s, region %s)", s.Bucket, s.Prefix, scheme, s.Endpoint, s.Region)
}

// bucketName follows S3's rules for bucket names (3–63 lower-case letters,
// digits, dots and hyphens, starting and ending with a letter or digit).
var bucketName = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$`)

// ParseStorageURL reads WATCHWIN_STORAGE_URL. Empty means the local folder
// under the data dir (nil, nil). Otherwise it must be
//
//	s3://[ACCESS_KEY:SECRET_KEY@]bucket[/prefix][?endpoint=http://host:port][&region=…][&path_style=true|false]
//
// Without user info the keys come from AWS_ACCESS_KEY_ID and
// AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN when set), read through
// getenv. Without endpoint it is AWS S3 itself. Its errors never repeat the
// URL or a key.
func ParseStorageURL(s string, getenv func(string) string) (*S3Storage, error) {
	if s == "" {
		return nil, nil
	}
	u, err := url.Parse(s)
	if err != nil {
		// url.Parse's error quotes the whole URL, secret key included.
		return nil, fmt.Errorf("not a URL; want s3://bucket?endpoint=https://host:port&region=… (keys URL-encoded if given)")
	}
	if u.Scheme != "s3" {
		return nil, fmt.Errorf("scheme must be s3:// (empty keeps images in the data folder)")
	}
	st := &S3Storage{Bucket: u.Host}
	if !bucketName.MatchString(st.Bucket) || strings.Contains(st.Bucket, "..") {
		return nil, fmt.Errorf("a bucket name is required after s3:// (3–63 lower-case letters, digits, '.' and '-')")
	}
	if p := strings.Trim(u.Path, "/"); p != "" {
		st.Prefix = p + "/"
	}
	if u.Fragment != "" {
		return nil, fmt.Errorf("no #fragment is read")
	}
	q := u.Query()
	for k := range q {
		switch k {
		case "endpoint", "region", "path_style":
		default:
			return nil, fmt.Errorf("unknown query parameter %q; known: endpoint, region, path_style", k)
		}
	}
	st.Region = q.Get("region")
	if st.Region == "" {
		st.Region = "us-east-1"
	}
	if e := q.Get("endpoint"); e != "" {
		eu, err := url.Parse(e)
		if err != nil || (eu.Scheme != "http" && eu.Scheme != "https") || eu.Host == "" || (eu.Path != "" && eu.Path != "/") || eu.RawQuery != "" || eu.User != nil {
			return nil, fmt.Errorf("endpoint must be http://host:port or https://host[:port], URL-encoded inside the s3:// URL")
		}
		st.Endpoint, st.Secure, st.PathStyle = eu.Host, eu.Scheme == "https", true
	} else {
		st.Endpoint, st.Secure = "s3."+st.Region+".amazonaws.com", true
		if st.Region == "us-east-1" {
			st.Endpoint = "s3.amazonaws.com"
		}
	}
	if v := q.Get("path_style"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, fmt.Errorf("path_style must be true or false")
		}
		st.PathStyle = b
	}
	if u.User != nil {
		st.AccessKey = u.User.Username()
		st.SecretKey, _ = u.User.Password()
		if st.AccessKey == "" || st.SecretKey == "" {
			return nil, fmt.Errorf("user info must hold both keys: s3://ACCESS_KEY:SECRET_KEY@bucket")
		}
	} else {
		st.AccessKey, st.SecretKey = getenv("AWS_ACCESS_KEY_ID"), getenv("AWS_SECRET_ACCESS_KEY")
		st.SessionToken = getenv("AWS_SESSION_TOKEN")
		if st.AccessKey == "" || st.SecretKey == "" {
			return nil, fmt.Errorf("credentials are required: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or put them in the URL as s3://ACCESS_KEY:SECRET_KEY@bucket")
		}
	}
	return st, nil
}

// storageFromEnv reads WATCHWIN_STORAGE_URL for Defaults.
func storageFromEnv() (*S3Storage, error) {
	st, err := ParseStorageURL(os.Getenv("WATCHWIN_STORAGE_URL"), os.Getenv)
	if err != nil {
		return nil, fmt.Errorf("WATCHWIN_STORAGE_URL: %w", err)
	}
	return st, nil
}
