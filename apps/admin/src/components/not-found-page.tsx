import { MESSAGES } from '@trackit/contract/messages';
import { ResultPage } from './result-page';

/**
 * 抱歉，页面未找到 (docs/product.md §2): inside the shell for a signed-in member (header and menu stay),
 * over the whole window for a visitor (`fullWindow`).
 */
export function NotFoundPage({ fullWindow = false }: { fullWindow?: boolean }) {
  return (
    <ResultPage
      status="404"
      message={MESSAGES.notFoundPage}
      testId="not-found-page"
      fullWindow={fullWindow}
    />
  );
}
