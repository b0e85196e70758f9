// Public surface of the static pages. Each page loads on first visit, in its own
// chunk (app/router.tsx), so a first visit to / does not download them.
export const loadAboutPage = () => import("./components/about-page").then((m) => m.AboutPage);
export const loadContactPage = () => import("./components/contact-page").then((m) => m.ContactPage);
export const loadHowItWorksPage = () => import("./components/how-it-works-page").then((m) => m.HowItWorksPage);
export const loadPrivacyPage = () => import("./components/privacy-page").then((m) => m.PrivacyPage);
export const loadTermsPage = () => import("./components/terms-page").then((m) => m.TermsPage);
