package webinar_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/google/uuid"

	"watchwin/internal/db"
	"watchwin/internal/testutil"
)

// apiWebinar is the JSON of docs/api.md; pointers tell absent from zero.
type apiWebinar struct {
	ID                 string  `json:"id"`
	Title              string  `json:"title"`
	Description        string  `json:"description"`
	EventDatetime      string  `json:"event_datetime"`
	DisplayPrice       float64 `json:"display_price"`
	DisplayPriceCents  int64   `json:"display_price_cents"`
	CouponPercentage   int     `json:"actual_coupon_value_percentage"`
	CouponValue        float64 `json:"coupon_value"`
	CouponValueCents   int64   `json:"coupon_value_cents"`
	MinPurchase        float64 `json:"min_purchase"`
	MinPurchaseCents   int64   `json:"min_purchase_cents"`
	TotalSeats         int     `json:"total_seats"`
	PaidSeats          int     `json:"paid_seats"`
	SeatsLeft          int     `json:"seats_left"`
	ThumbnailImagePath *string `json:"thumbnail_image_path"`
	ThumbnailURL       *string `json:"thumbnail_url"`
	IsActive           bool    `json:"is_active"`
	CreatedAt          string  `json:"created_at"`
	YouTubeVideoID     *string `json:"youtube_video_id"`
}

func validForm() map[string]any {
	return map[string]any{
		"title":                          "Concealed Carry Holster Fundamentals",
		"description":                    "How to choose and wear a holster.",
		"event_datetime":                 "2026-12-01T18:30:00-06:00",
		"display_price":                  40,
		"actual_coupon_value_percentage": 120,
		"total_seats":                    20,
		"youtube_video_id":               "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s",
		"is_active":                      true,
		"thumbnail_image_path":           nil,
	}
}

func with(kv ...any) map[string]any {
	f := validForm()
	for i := 0; i < len(kv); i += 2 {
		k := kv[i].(string)
		if kv[i+1] == "<absent>" {
			delete(f, k)
			continue
		}
		f[k] = kv[i+1]
	}
	return f
}

func setup(t *testing.T, engine db.Engine) (*testutil.Server, testutil.Actors) {
	s := testutil.NewServer(t, engine)
	return s, s.Actors()
}

func mustCreate(t *testing.T, c *testutil.Client, body map[string]any) apiWebinar {
	t.Helper()
	res := c.Do("POST", "/api/admin/webinars", body)
	if res.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	var w apiWebinar
	res.JSON(t, &w)
	return w
}

func TestWebinarAPI(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(string(engine), func(t *testing.T) {
			s, c := setup(t, engine)
			up := c.Admin.Upload("webinar_assets", "", "Holster Shot.png", testutil.PNG(t))
			if up.Status != http.StatusCreated {
				t.Fatalf("upload thumbnail: %d %s", up.Status, up.Body)
			}
			var thumb struct{ Path string }
			up.JSON(t, &thumb)

			active := mustCreate(t, c.Admin, with("thumbnail_image_path", thumb.Path))
			inactive := mustCreate(t, c.Admin, with("title", "Hidden webinar", "is_active", false))
			paid := mustCreate(t, c.Admin, with("title", "Webinar with a paid seat", "total_seats", 3))
			addRegistration(t, s.App.DB, paid.ID, addUser(t, s.App.DB), true)
			addRegistration(t, s.App.DB, paid.ID, addUser(t, s.App.DB), true)
			addRegistration(t, s.App.DB, paid.ID, addUser(t, s.App.DB), false)
			deletable := mustCreate(t, c.Admin, with("title", "Webinar to delete"))
			missing := uuid.NewString()

			tests := []struct {
				name, who, method, path string
				body                    any
				status                  int
				code, field, message    string
			}{
				// Public list and detail: anyone.
				{name: "list anon", who: "anon", method: "GET", path: "/api/webinars", status: 200},
				{name: "list user", who: "user", method: "GET", path: "/api/webinars", status: 200},
				{name: "list admin", who: "admin", method: "GET", path: "/api/webinars", status: 200},
				{name: "detail anon", who: "anon", method: "GET", path: "/api/webinars/" + active.ID, status: 200},
				{name: "detail user", who: "user", method: "GET", path: "/api/webinars/" + active.ID, status: 200},
				{name: "detail admin", who: "admin", method: "GET", path: "/api/webinars/" + active.ID, status: 200},
				{name: "detail inactive", who: "admin", method: "GET", path: "/api/webinars/" + inactive.ID, status: 404, code: "not_found", message: "Webinar not found"},
				{name: "detail missing", who: "anon", method: "GET", path: "/api/webinars/" + missing, status: 404, code: "not_found", message: "Webinar not found"},
				{name: "detail odd id", who: "anon", method: "GET", path: "/api/webinars/%27%20OR%201=1", status: 404, code: "not_found"},
				{name: "public list refuses POST", who: "admin", method: "POST", path: "/api/webinars", body: validForm(), status: 404, code: "not_found"},

				// Admin list.
				{name: "admin list anon", who: "anon", method: "GET", path: "/api/admin/webinars", status: 401, code: "unauthenticated"},
				{name: "admin list user", who: "user", method: "GET", path: "/api/admin/webinars", status: 403, code: "forbidden"},
				{name: "admin list admin", who: "admin", method: "GET", path: "/api/admin/webinars", status: 200},

				// Create.
				{name: "create anon", who: "anon", method: "POST", path: "/api/admin/webinars", body: validForm(), status: 401, code: "unauthenticated"},
				{name: "create user", who: "user", method: "POST", path: "/api/admin/webinars", body: validForm(), status: 403, code: "forbidden"},
				{name: "create admin", who: "admin", method: "POST", path: "/api/admin/webinars", body: validForm(), status: 201},
				{name: "create defaults", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("display_price", "<absent>", "actual_coupon_value_percentage", "<absent>", "total_seats", "<absent>", "is_active", "<absent>", "thumbnail_image_path", "<absent>"), status: 201},
				{name: "create nulls", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("display_price", nil, "total_seats", nil, "is_active", nil), status: 201},
				{name: "short title", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("title", " Hi  "), status: 400, code: "validation_failed", field: "title", message: "Title must be at least 5 characters"},
				{name: "missing title", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("title", "<absent>"), status: 400, code: "validation_failed", field: "title", message: "Title must be at least 5 characters"},
				{name: "long title", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("title", strings.Repeat("t", 201)), status: 400, code: "validation_failed", field: "title"},
				{name: "short description", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("description", "Too short"), status: 400, code: "validation_failed", field: "description", message: "Description must be at least 10 characters"},
				{name: "missing date", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("event_datetime", "<absent>"), status: 400, code: "validation_failed", field: "event_datetime", message: "Event date and time is required"},
				{name: "bad date", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("event_datetime", "12/01/2026"), status: 400, code: "validation_failed", field: "event_datetime", message: "Event date and time is required"},
				{name: "negative price", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("display_price", -1), status: 400, code: "validation_failed", field: "display_price", message: "Price must be 0 or greater"},
				{name: "price decimals", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("display_price", 9.999), status: 400, code: "validation_failed", field: "display_price", message: "Price must have at most 2 decimal places"},
				{name: "price too high", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("display_price", 1e9), status: 400, code: "validation_failed", field: "display_price"},
				{name: "price as string", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("display_price", "40"), status: 400, code: "validation_failed", field: "display_price"},
				{name: "negative percentage", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("actual_coupon_value_percentage", -5), status: 400, code: "validation_failed", field: "actual_coupon_value_percentage", message: "Coupon value must be 0 or greater"},
				{name: "fractional percentage", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("actual_coupon_value_percentage", 120.5), status: 400, code: "validation_failed", field: "actual_coupon_value_percentage"},
				{name: "zero seats", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("total_seats", 0), status: 400, code: "validation_failed", field: "total_seats", message: "Total seats must be at least 1"},
				{name: "fractional seats", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("total_seats", 2.5), status: 400, code: "validation_failed", field: "total_seats"},
				{name: "seats as bool", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("total_seats", true), status: 400, code: "validation_failed", field: "total_seats"},
				{name: "short video id", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("youtube_video_id", "abc"), status: 400, code: "validation_failed", field: "youtube_video_id", message: "YouTube video ID is required"},
				{name: "missing video id", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("youtube_video_id", "<absent>"), status: 400, code: "validation_failed", field: "youtube_video_id", message: "YouTube video ID is required"},
				{name: "bad video id", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("youtube_video_id", "https://vimeo.com/76979871"), status: 400, code: "validation_failed", field: "youtube_video_id", message: "Invalid YouTube video ID"},
				{name: "unknown thumbnail", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("thumbnail_image_path", "webinar_thumbnails/nope_1.png"), status: 400, code: "validation_failed", field: "thumbnail_image_path"},
				{name: "thumbnail traversal", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("thumbnail_image_path", "../../watchwin.db"), status: 400, code: "validation_failed", field: "thumbnail_image_path"},
				{name: "thumbnail as number", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("thumbnail_image_path", 5), status: 400, code: "validation_failed", field: "thumbnail_image_path"},
				{name: "title as number", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("title", 12345), status: 400, code: "validation_failed", field: "title"},
				{name: "is_active as string", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("is_active", "yes"), status: 400, code: "validation_failed", field: "is_active"},
				{name: "unknown field", who: "admin", method: "POST", path: "/api/admin/webinars", body: with("seats_left", 99), status: 400, code: "unknown_field", field: "seats_left"},
				{name: "malformed json", who: "admin", method: "POST", path: "/api/admin/webinars", body: `{"title": "Holster`, status: 400, code: "bad_request"},
				{name: "empty body", who: "admin", method: "POST", path: "/api/admin/webinars", body: "", status: 400, code: "bad_request"},
				{name: "array body", who: "admin", method: "POST", path: "/api/admin/webinars", body: `[]`, status: 400},
				{name: "two objects", who: "admin", method: "POST", path: "/api/admin/webinars", body: `{} {}`, status: 400, code: "bad_request"},

				// Update.
				{name: "update anon", who: "anon", method: "PUT", path: "/api/admin/webinars/" + active.ID, body: validForm(), status: 401, code: "unauthenticated"},
				{name: "update user", who: "user", method: "PUT", path: "/api/admin/webinars/" + active.ID, body: validForm(), status: 403, code: "forbidden"},
				{name: "update admin", who: "admin", method: "PUT", path: "/api/admin/webinars/" + active.ID, body: with("title", "Holster Fundamentals, updated", "thumbnail_image_path", thumb.Path), status: 200},
				{name: "update missing", who: "admin", method: "PUT", path: "/api/admin/webinars/" + missing, body: validForm(), status: 404, code: "not_found"},
				{name: "update invalid", who: "admin", method: "PUT", path: "/api/admin/webinars/" + active.ID, body: with("description", ""), status: 400, code: "validation_failed", field: "description"},
				{name: "update malformed", who: "admin", method: "PUT", path: "/api/admin/webinars/" + active.ID, body: `{`, status: 400, code: "bad_request"},
				{name: "update unknown field", who: "admin", method: "PUT", path: "/api/admin/webinars/" + active.ID, body: with("id", "x"), status: 400, code: "unknown_field"},
				{name: "update zero seats", who: "admin", method: "PUT", path: "/api/admin/webinars/" + paid.ID, body: with("total_seats", 0), status: 400, code: "validation_failed", field: "total_seats", message: "Total seats must be at least 1"},
				{name: "seats below paid", who: "admin", method: "PUT", path: "/api/admin/webinars/" + paid.ID, body: with("title", "Webinar with a paid seat", "total_seats", 1), status: 400, code: "validation_failed", field: "total_seats", message: "Total seats cannot be less than the 2 seats already paid for"},
				{name: "seats at paid", who: "admin", method: "PUT", path: "/api/admin/webinars/" + paid.ID, body: with("title", "Webinar with a paid seat", "total_seats", 2), status: 200},

				// Delete.
				{name: "delete anon", who: "anon", method: "DELETE", path: "/api/admin/webinars/" + deletable.ID, status: 401, code: "unauthenticated"},
				{name: "delete user", who: "user", method: "DELETE", path: "/api/admin/webinars/" + deletable.ID, status: 403, code: "forbidden"},
				{name: "delete paid", who: "admin", method: "DELETE", path: "/api/admin/webinars/" + paid.ID, status: 409, code: "webinar_has_paid_seats", message: "This webinar has paid registrations and cannot be deleted. Deactivate it instead."},
				{name: "delete admin", who: "admin", method: "DELETE", path: "/api/admin/webinars/" + deletable.ID, status: 204},
				{name: "delete again", who: "admin", method: "DELETE", path: "/api/admin/webinars/" + deletable.ID, status: 404, code: "not_found"},
				{name: "delete missing", who: "admin", method: "DELETE", path: "/api/admin/webinars/" + missing, status: 404, code: "not_found"},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					res := c.As(tt.who).Do(tt.method, tt.path, tt.body)
					res.Check(t, testutil.Want{Status: tt.status, Code: tt.code, Field: tt.field, Message: tt.message})
				})
			}

			// The paid webinar's seats were lowered to 2, both paid: 0 left.
			res := c.Anon.Do("GET", "/api/webinars/"+paid.ID, nil)
			var pw apiWebinar
			res.JSON(t, &pw)
			if pw.TotalSeats != 2 || pw.PaidSeats != 2 || pw.SeatsLeft != 0 {
				t.Errorf("paid webinar after edit: total %d paid %d left %d", pw.TotalSeats, pw.PaidSeats, pw.SeatsLeft)
			}
		})
	}
}

func TestWebinarAPIShapes(t *testing.T) {
	for _, engine := range testutil.Engines() {
		t.Run(string(engine), func(t *testing.T) {
			s, c := setup(t, engine)
			up := c.Admin.Upload("webinar_assets", "", "thumb.jpg", testutil.JPEG(t))
			var thumb struct{ Path, URL string }
			up.JSON(t, &thumb)

			created := mustCreate(t, c.Admin, with("display_price", 33.33, "actual_coupon_value_percentage", 120,
				"total_seats", 5, "thumbnail_image_path", thumb.Path, "event_datetime", "2026-12-01T18:30:00.000Z"))
			if created.DisplayPrice != 33.33 || created.DisplayPriceCents != 3333 || created.CouponValueCents != 4000 ||
				created.CouponValue != 40 || created.MinPurchase != 80 || created.MinPurchaseCents != 8000 || created.SeatsLeft != 5 || created.PaidSeats != 0 || !created.IsActive ||
				created.EventDatetime != "2026-12-01T18:30:00Z" || created.YouTubeVideoID == nil || *created.YouTubeVideoID != "dQw4w9WgXcQ" ||
				created.ThumbnailImagePath == nil || *created.ThumbnailImagePath != thumb.Path ||
				created.ThumbnailURL == nil || *created.ThumbnailURL != thumb.URL || created.CreatedAt == "" {
				t.Errorf("created webinar: %+v", created)
			}
			for i := 0; i < 2; i++ {
				addRegistration(t, s.App.DB, created.ID, addUser(t, s.App.DB), true)
			}
			addRegistration(t, s.App.DB, created.ID, addUser(t, s.App.DB), false)

			// Public views never show the video id.
			// The list and its webinars' details may be kept by a browser
			// that asks again (their ETags); the rest of the API is never stored.
			for path, want := range map[string]string{"/api/webinars": "no-cache", "/api/webinars/" + created.ID: "no-cache"} {
				res := c.Anon.Do("GET", path, nil)
				if strings.Contains(string(res.Body), "youtube_video_id") || strings.Contains(string(res.Body), "dQw4w9WgXcQ") {
					t.Errorf("%s shows the video id: %s", path, res.Body)
				}
				if cc := res.Header.Get("Cache-Control"); cc != want {
					t.Errorf("%s Cache-Control %q, want %q", path, cc, want)
				}
			}
			var list struct{ Webinars []apiWebinar }
			c.Anon.Do("GET", "/api/webinars", nil).JSON(t, &list)
			if len(list.Webinars) != 1 || list.Webinars[0].PaidSeats != 2 || list.Webinars[0].SeatsLeft != 3 {
				t.Fatalf("public list: %+v", list.Webinars)
			}

			// Clearing the thumbnail with null; an inactive webinar leaves the public list.
			res := c.Admin.Do("PUT", "/api/admin/webinars/"+created.ID, with("is_active", false, "thumbnail_image_path", nil))
			var updated apiWebinar
			res.JSON(t, &updated)
			if res.Status != 200 || updated.ThumbnailImagePath != nil || updated.ThumbnailURL != nil || updated.IsActive ||
				updated.DisplayPriceCents != 4000 || updated.CouponValueCents != 4800 || updated.ID != created.ID {
				t.Errorf("update: %d %+v", res.Status, updated)
			}
			c.Anon.Do("GET", "/api/webinars", nil).JSON(t, &list)
			if len(list.Webinars) != 0 {
				t.Errorf("inactive webinar still listed: %+v", list.Webinars)
			}
			var admin struct{ Webinars []apiWebinar }
			c.Admin.Do("GET", "/api/admin/webinars", nil).JSON(t, &admin)
			if len(admin.Webinars) != 1 || admin.Webinars[0].YouTubeVideoID == nil {
				t.Errorf("admin list: %+v", admin.Webinars)
			}
		})
	}
}

// A webinar plays its YouTube video (the default) or an uploaded one, which
// needs no YouTube id; the admin's answers say which, and the audit log
// records the switch.
func TestWebinarVideoSource(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		admin := s.Actors().Admin
		type answer struct {
			VideoSource     string  `json:"video_source"`
			YouTubeVideoID  *string `json:"youtube_video_id"`
			CaptionsMissing bool    `json:"captions_missing"`
		}
		var created answer
		res := admin.Do("POST", "/api/admin/webinars", validForm())
		res.JSON(t, &created)
		if res.Status != http.StatusCreated || created.VideoSource != "youtube" || created.CaptionsMissing {
			t.Fatalf("created: %d %s", res.Status, res.Body)
		}
		var id struct{ ID string }
		res.JSON(t, &id)

		res = admin.Do("PUT", "/api/admin/webinars/"+id.ID, with("video_source", "upload", "youtube_video_id", ""))
		var updated answer
		res.JSON(t, &updated)
		if res.Status != http.StatusOK || updated.VideoSource != "upload" || updated.YouTubeVideoID == nil || *updated.YouTubeVideoID != "" {
			t.Fatalf("to upload: %d %s", res.Status, res.Body)
		}
		// No uploaded video is ready yet: nothing to caption.
		var list struct{ Webinars []answer }
		admin.Do("GET", "/api/admin/webinars", nil).JSON(t, &list)
		if len(list.Webinars) != 1 || list.Webinars[0].VideoSource != "upload" || list.Webinars[0].CaptionsMissing {
			t.Errorf("admin list: %+v", list.Webinars)
		}
		var summary string
		if err := d.QueryRow(`SELECT summary FROM audit_log WHERE action = 'webinar.update' AND target_id = $1`, id.ID).Scan(&summary); err != nil ||
			!strings.Contains(summary, `video source: "youtube" → "upload"`) {
			t.Errorf("audit summary %q (%v)", summary, err)
		}

		for _, tt := range []struct{ source, videoID, field string }{
			{"youtube", "", "youtube_video_id"}, {"vimeo", "dQw4w9WgXcQ", "video_source"},
		} {
			res := admin.Do("PUT", "/api/admin/webinars/"+id.ID, with("video_source", tt.source, "youtube_video_id", tt.videoID))
			if res.Status != http.StatusBadRequest || res.ErrorField() != tt.field {
				t.Errorf("%s with id %q: %d %s", tt.source, tt.videoID, res.Status, res.Body)
			}
		}
	})
}
