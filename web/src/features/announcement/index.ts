// Public surface of the announcement feature: the banner of every public page
// (the app layout shows it).
export { AnnouncementBanner } from "./components/announcement-banner";
export { announcementKeys, primeAnnouncement, type Announcement } from "./api/get-announcement";
