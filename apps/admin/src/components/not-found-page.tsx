import { MESSAGES } from '@trackit/contract/messages';
import { ResultPage } from './result-page';

export function NotFoundPage() {
  return <ResultPage status="404" message={MESSAGES.notFoundPage} />;
}
