import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { copyText } from '@trackit/client/clipboard';
import { App, Flex, QRCode, Typography } from 'antd';
import { useCallback } from 'react';

/** A share page's path (`/h5/s/…`, as the API answers it) as the address a client opens. */
export const shareUrl = (path: string): string => new URL(path, window.location.origin).href;

/** Copies a share page's address and says so (已复制), or asks to copy it by hand. */
export function useCopyShareUrl() {
  const { message } = App.useApp();
  return useCallback(
    async (path: string) => {
      const url = shareUrl(path);
      if (await copyText(url)) void message.success('已复制');
      else void message.error(`复制失败，请手动复制：${url}`);
    },
    [message],
  );
}

/** The QR code of a share page (the phone page: scanned with WeChat, it opens there). */
export function ShareQrCode({ path, size = 160 }: { path: string; size?: number }) {
  // SVG: sharp at any zoom, and no canvas needed.
  return <QRCode value={shareUrl(path)} size={size} type="svg" bordered={false} data-testid="share-qr" />;
}

export interface ShareLinksProps {
  /** `/h5/s/{share_id}`: the phone page, also in the QR code. */
  mobileUrl: string;
  /** `/web/s/{share_id}`: the desktop page. */
  desktopUrl: string;
  testId?: string;
}

const COPY_TOOLTIPS = ['复制', '已复制'];

/** The two addresses of a share with their copy buttons, and the QR code of the phone page. */
export function ShareLinks({ mobileUrl, desktopUrl, testId }: ShareLinksProps) {
  const mobile = shareUrl(mobileUrl);
  const desktop = shareUrl(desktopUrl);
  return (
    <Flex gap={20} align="flex-start" wrap data-testid={testId}>
      <Flex vertical align="center" gap={4}>
        <ShareQrCode path={mobileUrl} size={148} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          微信扫码在手机上打开
        </Typography.Text>
      </Flex>
      <Flex vertical gap={12} style={{ flex: 1, minWidth: 240 }}>
        <div>
          <Typography.Text type="secondary">
            <MobileOutlined /> 手机端链接（适合微信发送）
          </Typography.Text>
          <Typography.Paragraph
            copyable={{ text: mobile, tooltips: COPY_TOOLTIPS }}
            style={{ margin: '4px 0 0', wordBreak: 'break-all' }}
            data-testid="share-mobile-url"
          >
            {mobile}
          </Typography.Paragraph>
        </div>
        <div>
          <Typography.Text type="secondary">
            <DesktopOutlined /> 电脑端链接
          </Typography.Text>
          <Typography.Paragraph
            copyable={{ text: desktop, tooltips: COPY_TOOLTIPS }}
            style={{ margin: '4px 0 0', wordBreak: 'break-all' }}
            data-testid="share-desktop-url"
          >
            {desktop}
          </Typography.Paragraph>
        </div>
      </Flex>
    </Flex>
  );
}
