import { MESSAGES } from '@trackit/contract/messages';
import { Result } from 'antd';

/** Share links are opened from chats: a wrong or withdrawn link lands here, with nowhere else to go. */
export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="404"
      subTitle={
        <>
          <div>{MESSAGES.notFoundPage}</div>
          <div>链接可能有误或已失效，请联系分享人</div>
        </>
      }
      style={{ paddingTop: '12vh' }}
    />
  );
}
