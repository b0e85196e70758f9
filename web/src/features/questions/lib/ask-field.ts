/** The id of the "Your question to the store" field on the watch page. */
export const ASK_QUESTION_FIELD = "ask-question-text";

/**
 * A card's "Ask a question" (docs/product.md#cards-in-the-video): the viewer lands in the box,
 * the video playing on; the question carries the second at which it is sent.
 */
export function focusAskQuestion() {
  const field = document.getElementById(ASK_QUESTION_FIELD);
  field?.scrollIntoView({ block: "center" });
  field?.focus({ preventScroll: true });
}
