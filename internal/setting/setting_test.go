package setting_test

import (
	"testing"

	"watchwin/internal/db"
	"watchwin/internal/setting"
	"watchwin/internal/testutil"
)

func TestAnnouncement(t *testing.T) {
	testutil.ForEachEngine(t, func(t *testing.T, d *db.DB) {
		s := testutil.NewServerWithDB(t, d)
		c := s.Client()
		var got setting.Announcement

		res := c.Do("GET", "/api/settings/announcement", nil)
		res.JSON(t, &got)
		want := setting.Announcement{Color: "#E53E3E", TextColor: "#ffffff", FontSize: "1.25rem", FontFamily: "inherit", Border: "none"}
		if res.Status != 200 || got != want {
			t.Fatalf("defaults = %d %+v, want %+v", res.Status, got, want)
		}

		err := s.App.Settings.Save(t.Context(), map[string]string{
			setting.KeyAnnouncementText:        "Range day Saturday: 10% off ammo",
			setting.KeyAnnouncementEnabled:     "true",
			setting.KeyAnnouncementDismissible: "true",
			setting.KeyAnnouncementColor:       "#1a202c",
			setting.KeyAnnouncementFontSize:    "18px",
			setting.KeyAnnouncementBorder:      "2px solid #ffffff",
			// Values that would smuggle CSS fall back to the default.
			setting.KeyAnnouncementTextColor:  "red; background: url(https://evil.example/x)",
			setting.KeyAnnouncementFontFamily: "x; behavior: url(a.htc)",
		})
		if err != nil {
			t.Fatal(err)
		}
		c.Do("GET", "/api/settings/announcement", nil).JSON(t, &got)
		want = setting.Announcement{
			Text: "Range day Saturday: 10% off ammo", Enabled: true, Dismissible: true,
			Color: "#1a202c", TextColor: "#ffffff", FontSize: "18px", FontFamily: "inherit", Border: "2px solid #ffffff",
		}
		if got != want {
			t.Fatalf("saved = %+v, want %+v", got, want)
		}

		// Saving again replaces, not duplicates.
		if err := s.App.Settings.Save(t.Context(), map[string]string{setting.KeyAnnouncementEnabled: "false"}); err != nil {
			t.Fatal(err)
		}
		c.Do("GET", "/api/settings/announcement", nil).JSON(t, &got)
		if got.Enabled {
			t.Error("banner still enabled after saving 'false'")
		}
	})
}
