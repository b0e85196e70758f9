package config_test

import (
	"fmt"
	"strings"
	"testing"

	"watchwin/internal/config"
)

func TestParseStorageURL(t *testing.T) {
	const secret = "wJalr/XUtnFEMI+K7MDENG"
	awsEnv := map[string]string{"AWS_ACCESS_KEY_ID": "AKIAENV", "AWS_SECRET_ACCESS_KEY": secret, "AWS_SESSION_TOKEN": "tok"}
	getenv := func(env map[string]string) func(string) string { return func(k string) string { return env[k] } }
	tests := []struct {
		url  string
		env  map[string]string
		want string // S3Storage as %+v; empty for an error
		err  string
	}{
		{url: "", want: "<nil>"},
		{url: "s3://images?endpoint=http://127.0.0.1:7070&region=eu-west-1", env: awsEnv,
			want: "{Bucket:images Prefix: Endpoint:127.0.0.1:7070 Secure:false Region:eu-west-1 PathStyle:true AccessKey:AKIAENV SecretKey:" + secret + " SessionToken:tok}"},
		{url: "s3://AKIAURL:" + strings.ReplaceAll(secret, "/", "%2F") + "@shop.images/watchwin/?endpoint=https%3A%2F%2Fminio.internal", env: awsEnv,
			want: "{Bucket:shop.images Prefix:watchwin/ Endpoint:minio.internal Secure:true Region:us-east-1 PathStyle:true AccessKey:AKIAURL SecretKey:" + secret + " SessionToken:}"},
		{url: "s3://images", env: awsEnv,
			want: "{Bucket:images Prefix: Endpoint:s3.amazonaws.com Secure:true Region:us-east-1 PathStyle:false AccessKey:AKIAENV SecretKey:" + secret + " SessionToken:tok}"},
		{url: "s3://images?region=eu-central-1&path_style=true", env: awsEnv,
			want: "{Bucket:images Prefix: Endpoint:s3.eu-central-1.amazonaws.com Secure:true Region:eu-central-1 PathStyle:true AccessKey:AKIAENV SecretKey:" + secret + " SessionToken:tok}"},
		{url: "s3://images?endpoint=http://h:1&path_style=false", env: awsEnv,
			want: "{Bucket:images Prefix: Endpoint:h:1 Secure:false Region:us-east-1 PathStyle:false AccessKey:AKIAENV SecretKey:" + secret + " SessionToken:tok}"},
		{url: "s3://images", err: "AWS_ACCESS_KEY_ID"},
		{url: "s3://AKIAURL@images", env: awsEnv, err: "both keys"},
		{url: "https://images", env: awsEnv, err: "s3://"},
		{url: "s3://", env: awsEnv, err: "bucket name"},
		{url: "s3://Images_Bad", env: awsEnv, err: "bucket name"},
		{url: "s3://images?endpoint=ftp://h:1", env: awsEnv, err: "endpoint"},
		{url: "s3://images?endpoint=h:1", env: awsEnv, err: "endpoint"},
		{url: "s3://images?endpoint=http://h:1/path", env: awsEnv, err: "endpoint"},
		{url: "s3://images?endpont=http://h:1", env: awsEnv, err: `"endpont"`},
		{url: "s3://images?path_style=maybe", env: awsEnv, err: "path_style"},
		{url: "s3://AKIA:" + secret + "@images?%zz", env: awsEnv, err: "not a URL"},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			st, err := config.ParseStorageURL(tt.url, getenv(tt.env))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want one naming %s", err, tt.err)
				}
				if strings.Contains(err.Error(), secret) || strings.Contains(err.Error(), "AKIA") {
					t.Errorf("error quotes a key: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := "<nil>"
			if st != nil {
				got = strings.TrimPrefix(fmtStorage(*st), "&")
				if strings.Contains(st.String(), secret) || strings.Contains(st.String(), "AKIA") {
					t.Errorf("String() shows a key: %s", st)
				}
			}
			if got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// fmtStorage prints every field, as %+v would without String.
func fmtStorage(s config.S3Storage) string {
	type plain config.S3Storage
	return fmt.Sprintf("%+v", plain(s))
}

// A bad WATCHWIN_STORAGE_URL stops the server at start, naming the variable.
func TestStorageURLChecked(t *testing.T) {
	t.Setenv("WATCHWIN_STORAGE_URL", "s3://images?endpoint=localhost:9000")
	t.Setenv("AWS_ACCESS_KEY_ID", "k")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "s")
	if _, err := config.Defaults(); err == nil || !strings.Contains(err.Error(), "WATCHWIN_STORAGE_URL") {
		t.Fatalf("err = %v, want a WATCHWIN_STORAGE_URL error", err)
	}
	t.Setenv("WATCHWIN_STORAGE_URL", "s3://images?endpoint=http://localhost:9000")
	c, err := config.Defaults()
	if err != nil || c.Storage == nil || c.Storage.Bucket != "images" {
		t.Fatalf("Defaults = %+v, %v", c.Storage, err)
	}
	t.Setenv("WATCHWIN_STORAGE_URL", "")
	if c, err := config.Defaults(); err != nil || c.Storage != nil {
		t.Fatalf("empty: %+v, %v", c.Storage, err)
	}
}
