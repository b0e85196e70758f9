export { AnnouncementBanner } from "./components/announcement-banner";
export { announcementKeys, useAnnouncement, type Announcement } from "./api/get-announcement";
