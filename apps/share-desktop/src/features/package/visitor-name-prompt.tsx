import { rememberVisitorName, visitorName } from '@trackit/client/share/visitor';
import { textSchema } from '@trackit/contract/patterns';
import { Button, Input, Modal, Typography } from 'antd';
import { type ReactNode, useCallback, useRef, useState } from 'react';

/** The name as the pick request accepts it (`pickRequestSchema.name`), and not blank. */
const nameSchema = textSchema({ min: 1, max: 30 });

/**
 * Skipping is remembered until the page is reloaded: the client is asked once, not at every heart.
 * Storage only keeps a name, so a client who never gives one is asked again on their next visit.
 */
let skippedThisPage = false;

/** For tests: forget a skip, as a reload does. */
export const resetNamePrompt = (): void => {
  skippedThisPage = false;
};

type Answer = (name: string | null) => void;

/**
 * Asks the client's name before their first pick or comment, once, and keeps it on the device.
 * `askName()` resolves the name ('' when they skip), or null when they close the dialog (the pick is
 * then not sent). The returned element is the dialog; render it once in the page.
 */
export function useVisitorNamePrompt(): { askName: () => Promise<string | null>; namePrompt: ReactNode } {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const answer = useRef<Answer | null>(null);

  const askName = useCallback((): Promise<string | null> => {
    const known = visitorName();
    if (known || skippedThisPage) return Promise.resolve(known);
    return new Promise((resolve) => {
      answer.current = resolve;
      setDraft('');
      setError(null);
      setOpen(true);
    });
  }, []);

  const finish = (name: string | null) => {
    setOpen(false);
    answer.current?.(name);
    answer.current = null;
  };
  const handleConfirm = () => {
    const parsed = nameSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    rememberVisitorName(parsed.data);
    finish(parsed.data);
  };
  const handleSkip = () => {
    skippedThisPage = true;
    finish('');
  };

  const namePrompt = (
    <Modal
      open={open}
      title="请留下您的称呼"
      width={420}
      centered
      destroyOnHidden
      onCancel={() => finish(null)}
      footer={[
        <Button key="skip" onClick={handleSkip} data-testid="name-skip">
          跳过
        </Button>,
        <Button key="ok" type="primary" onClick={handleConfirm} data-testid="name-confirm">
          确定
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        您的选择和留言会发送给经纪人，留下称呼方便对方与您联系。只需填写一次，保存在本设备上。
      </Typography.Paragraph>
      <Input
        autoFocus
        size="large"
        value={draft}
        maxLength={30}
        placeholder="例如：王女士（某某品牌选角）"
        status={error ? 'error' : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        onPressEnter={handleConfirm}
        data-testid="name-input"
      />
      {error && (
        <Typography.Text type="danger" style={{ display: 'block', marginTop: 6 }}>
          {error}
        </Typography.Text>
      )}
    </Modal>
  );

  return { askName, namePrompt };
}
