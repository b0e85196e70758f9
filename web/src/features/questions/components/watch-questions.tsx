import { useRegistration } from "@/lib/registrations/get-registration";
import { AskQuestionBox, type AskQuestionBoxProps } from "./ask-question-box";
import { PublishedQuestions } from "./published-questions";

/**
 * The watch page's part of the questions: the box to ask, only for the webinar's registrants (an
 * admin's preview has none), and the answers the store published, for everyone on the page.
 */
export function WatchQuestions(props: AskQuestionBoxProps) {
  const registration = useRegistration(props.webinarId);
  return (
    <div className="grid gap-8">
      {registration.data && <AskQuestionBox {...props} />}
      <PublishedQuestions webinarId={props.webinarId} />
    </div>
  );
}
