import { MESSAGES } from '@trackit/contract/messages';
import { ResultPage } from './result-page';

/** Shown instead of a page whose permission key the member does not hold. */
export function ForbiddenPage() {
  return <ResultPage status="403" message={MESSAGES.forbiddenPage} testId="forbidden-page" />;
}
