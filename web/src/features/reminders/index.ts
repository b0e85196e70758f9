// Public surface of the reminder e-mails feature: the dashboard's switches,
// the admin's per-webinar figures, the kinds' names, and the unsubscribe page.
export { ReminderSwitches } from "./components/reminder-switches";
// The admin webinars page's reminder figures (app/composed-pages.tsx), loaded with that page.
export const loadWebinarRemindersDialog = () =>
  import("./components/webinar-reminders-dialog").then((m) => m.WebinarRemindersDialog);

// The page every reminder's unsubscribe link opens, loaded on first visit in its own chunk (app/router.tsx).
export const loadUnsubscribePage = () => import("./components/unsubscribe-page").then((m) => m.UnsubscribePage);
