import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { pickRequestSchema } from '@trackit/contract/share.schema';
import { App, Button, Input, Typography } from 'antd';
import { useState } from 'react';
import styles from './model-page.module.css';
import type { Picks } from './use-picks';

const COMMENT_MAX = 500;

/**
 * The heart and the comment on a model's page. The comment goes with the heart as it is (a comment
 * alone does not pick the model). The page renders it anew once the picks arrive, so the box starts from
 * the comment this device left.
 */
export function ModelPickPanel({ modelId, picks }: { modelId: number; picks: Picks }) {
  const pick = picks.pickOf(modelId);
  const [draft, setDraft] = useState(pick.comment);
  const [error, setError] = useState<string | null>(null);
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const handleSend = async () => {
    const parsed = pickRequestSchema.shape.comment.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setSaving(true);
    const sent = await picks.saveComment(modelId, parsed.data);
    setSaving(false);
    if (sent) {
      setDraft(parsed.data);
      message.success('留言已发送');
    }
  };

  return (
    <div className={styles.pick}>
      <Button
        block
        size="large"
        className={pick.picked ? `${styles.pickButton} ${styles.picked}` : styles.pickButton}
        icon={pick.picked ? <HeartFilled /> : <HeartOutlined />}
        aria-pressed={pick.picked}
        loading={!picks.ready}
        onClick={() => void picks.togglePick(modelId)}
        data-testid="model-pick"
      >
        {pick.picked ? '已选中' : '选中这位模特'}
      </Button>
      <label className={styles.commentLabel} htmlFor="pick-comment">
        留言
      </label>
      <Input.TextArea
        id="pick-comment"
        value={draft}
        disabled={!picks.ready}
        maxLength={COMMENT_MAX}
        autoSize={{ minRows: 3, maxRows: 8 }}
        placeholder="对这位模特的想法，例如档期、报价或想看的照片"
        status={error ? 'error' : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        data-testid="comment-input"
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <div className={styles.commentActions}>
        <span>
          {draft.length}/{COMMENT_MAX} · 仅经纪人可见
        </span>
        <Button
          type="primary"
          loading={saving}
          disabled={!picks.ready || draft.trim() === pick.comment}
          onClick={() => void handleSend()}
          data-testid="comment-send"
        >
          发送留言
        </Button>
      </div>
    </div>
  );
}
