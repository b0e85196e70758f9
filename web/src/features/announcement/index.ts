export { AnnouncementBanner } from "./components/announcement-banner";
