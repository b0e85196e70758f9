// Public surface of the announcement feature: the banner of every public page
// (the app layout shows it) and its view for the admin's live preview.
export { AnnouncementBanner, AnnouncementBannerView } from "./components/announcement-banner";
export { announcementKeys, primeAnnouncement, type Announcement } from "./api/get-announcement";
export { ANNOUNCEMENT_DEFAULTS } from "./lib/defaults";
