import { MESSAGES } from '@trackit/contract/messages';
import { ErrorBlock } from 'antd-mobile';

/** Share links are opened from chats: a wrong or withdrawn link lands here, with nowhere else to go. */
export function NotFoundPage() {
  return (
    <ErrorBlock
      status="empty"
      fullPage
      title={MESSAGES.notFoundPage}
      description="链接可能有误或已失效，请联系分享人"
    />
  );
}
