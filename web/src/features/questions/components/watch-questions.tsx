import { AskQuestionBox, type AskQuestionBoxProps } from "./ask-question-box";
import { PublishedQuestions } from "./published-questions";

/** The watch page's part of the questions: the box to ask, and the answers the store published. */
export function WatchQuestions(props: AskQuestionBoxProps) {
  return (
    <div className="grid gap-8">
      <AskQuestionBox {...props} />
      <PublishedQuestions webinarId={props.webinarId} />
    </div>
  );
}
