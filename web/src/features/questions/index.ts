// Public surface of the questions feature (docs/product.md#questions-to-the-store): the watch page's
// box and published answers (app/composed-pages.tsx mounts them in the watch page's slot), and the
// staff's inbox pages, each loaded on demand in its own chunk.
export type { AskQuestionBoxProps as WatchQuestionsProps } from "./components/ask-question-box";
export { focusAskQuestion } from "./lib/ask-field";

/** The "Ask a question" box and the published questions and answers, for the watch page. */
export const loadWatchQuestions = () => import("./components/watch-questions").then((m) => m.WatchQuestions);

/** "/admin/questions": the inbox on the admin screens. */
export const loadAdminQuestionsPage = () => import("./components/questions-pages").then((m) => m.AdminQuestionsPage);

/** "/counter/questions": the inbox at the counter. */
export const loadCounterQuestionsPage = () => import("./components/questions-pages").then((m) => m.CounterQuestionsPage);
