import {
  CheckCircleFilled,
  CloudUploadOutlined,
  ExclamationCircleFilled,
  LoadingOutlined,
} from '@ant-design/icons';
import { formatFileSize } from '@trackit/client/format';
import {
  summarizeUploads,
  type UploadItem,
  type UploadQueue,
  type UploadSummary,
} from '@trackit/client/upload/upload-queue';
import { MESSAGES, uploadProgress } from '@trackit/contract/messages';
import { Button, Progress, Typography } from 'antd';
import { memo, useState } from 'react';
import { uploadQueue as appQueue, useUploadItems } from '../uploads';
import { CORNER_PLACES, CornerSlot } from './corner-dock';
import { FileTypeIcon } from './file-type-icon';
import styles from './upload-card.module.css';

function Thumbnail({ item }: { item: UploadItem }) {
  const [broken, setBroken] = useState(false);
  if (item.thumbUrl && !broken) {
    // Lazy and async: a batch of large photos must not decode all at once in the open list.
    return (
      <img
        className={styles.thumb}
        src={item.thumbUrl}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span className={`${styles.thumb} ${styles.thumbIcon}`} aria-hidden>
      <FileTypeIcon contentType={item.contentType} />
    </span>
  );
}

// Memoised: items are immutable, so a progress tick re-renders only the row that moved (batches of hundreds).
const UploadRow = memo(function UploadRow({
  item,
  onRetry,
}: {
  item: UploadItem;
  onRetry: (uid: string) => void;
}) {
  return (
    <li className={styles.row} data-testid={`upload-item-${item.uid}`} data-status={item.status}>
      <Thumbnail item={item} />
      <div className={styles.rowMain}>
        <div className={styles.rowName} title={item.name}>
          {item.name}
        </div>
        {item.status === 'uploading' && (
          <Progress
            percent={item.percent}
            size="small"
            showInfo={false}
            strokeColor="#1d3a8a"
            className={styles.rowBar}
          />
        )}
        {item.status === 'success' && <div className={styles.rowMeta}>{formatFileSize(item.size)}</div>}
        {item.status === 'error' && (
          <div className={styles.rowError} title={item.error}>
            {item.error}
          </div>
        )}
      </div>
      <div className={styles.rowStatus}>
        {item.status === 'uploading' && <span className={styles.percent}>{item.percent}%</span>}
        {item.status === 'success' && (
          <Typography.Text type="success">{MESSAGES.uploadSuccess}</Typography.Text>
        )}
        {item.status === 'error' && (
          <>
            <Typography.Text type="danger">{MESSAGES.uploadFailed}</Typography.Text>
            <Button
              type="link"
              size="small"
              className={styles.retry}
              onClick={() => onRetry(item.uid)}
              data-testid={`upload-retry-${item.uid}`}
            >
              {MESSAGES.uploadRetry}
            </Button>
          </>
        )}
      </div>
    </li>
  );
});

/**
 * The batch's bar: the uploaded part (done files and the progress of the others) from the left, the failed
 * files' part in red from the right, so failures never look done. The percentage is over the files that
 * can still finish.
 */
function BatchBar({ summary, label }: { summary: UploadSummary; label: string }) {
  const state = !summary.finished ? 'active' : summary.failed > 0 ? 'failed' : 'done';
  const failedText = summary.failed > 0 ? `，${MESSAGES.uploadFailed} ${summary.failed}` : '';
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={summary.percent}
      aria-valuetext={`${label}${failedText}`}
      data-testid="upload-card-bar"
      data-state={state}
    >
      <div className={styles.track}>
        <span
          className={styles.fillProgress}
          style={{ width: `${summary.progressShare}%` }}
          data-testid="upload-card-bar-progress"
        />
        {summary.failed > 0 && (
          <span
            className={styles.fillFailed}
            style={{ width: `${summary.failedShare}%` }}
            data-testid="upload-card-bar-failed"
          />
        )}
      </div>
      <span className={styles.barText} data-testid="upload-card-percent">
        {state === 'active' ? (
          `${summary.percent}%`
        ) : state === 'done' ? (
          <CheckCircleFilled className={styles.pillDone} />
        ) : (
          <ExclamationCircleFilled className={styles.pillFailed} />
        )}
      </span>
    </div>
  );
}

/**
 * The floating upload-progress card (docs/product.md §2): bottom right over the pages, for as long as the queue has
 * items, in the corner dock under the new-version notice (both stay visible). Simple view: the batch's
 * bar and 已完成 {done}/{total}, failures counted apart (失败 {n}, red); detail view: each file with its
 * thumbnail, progress and 成功 or 失败 + 重试. 隐藏 folds it into a small pill; 关闭 (once nothing is
 * uploading) clears the list. New files unfold it again.
 */
export function UploadCard({ queue = appQueue }: { queue?: UploadQueue }) {
  const items = useUploadItems(queue);
  const [detail, setDetail] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [count, setCount] = useState(items.length);

  // More files were added: show the card again, even if the user had hidden it.
  if (items.length !== count) {
    setCount(items.length);
    if (items.length > count) setHidden(false);
  }

  if (items.length === 0) return null;
  const summary = summarizeUploads(items);
  const label = uploadProgress(summary.done, summary.total);

  if (hidden) {
    const icon = !summary.finished ? (
      <LoadingOutlined />
    ) : summary.failed > 0 ? (
      <ExclamationCircleFilled className={styles.pillFailed} />
    ) : (
      <CheckCircleFilled className={styles.pillDone} />
    );
    return (
      <CornerSlot place={CORNER_PLACES.uploadCard}>
        <button
          type="button"
          className={styles.pill}
          onClick={() => setHidden(false)}
          data-testid="upload-card-pill"
        >
          {icon}
          <span>{label}</span>
          {summary.failed > 0 && (
            <span className={styles.failedCount}>
              {MESSAGES.uploadFailed} {summary.failed}
            </span>
          )}
        </button>
      </CornerSlot>
    );
  }

  const handleClose = () => {
    queue.clearFinished();
    setDetail(false);
  };

  return (
    <CornerSlot place={CORNER_PLACES.uploadCard} shrink>
      <section className={styles.card} data-testid="upload-card" data-view={detail ? 'detail' : 'simple'}>
        <header className={styles.head}>
          <CloudUploadOutlined className={styles.headIcon} />
          <span className={styles.summary} data-testid="upload-card-summary">
            {label}
          </span>
          {summary.failed > 0 && (
            <span className={styles.failedCount} data-testid="upload-card-failed">
              {MESSAGES.uploadFailed} {summary.failed}
            </span>
          )}
          <span className={styles.actions}>
            <Button
              type="link"
              size="small"
              onClick={() => setDetail(!detail)}
              data-testid="upload-card-toggle"
            >
              {detail ? '收起详情' : MESSAGES.uploadViewDetails}
            </Button>
            <Button type="link" size="small" onClick={() => setHidden(true)} data-testid="upload-card-hide">
              {MESSAGES.uploadHide}
            </Button>
            {summary.finished && (
              <Button type="link" size="small" onClick={handleClose} data-testid="upload-card-close">
                {MESSAGES.uploadClose}
              </Button>
            )}
          </span>
        </header>
        <BatchBar summary={summary} label={label} />
        {detail && (
          <ul className={styles.list} data-testid="upload-card-list">
            {items.map((item) => (
              <UploadRow key={item.uid} item={item} onRetry={queue.retry} />
            ))}
          </ul>
        )}
      </section>
    </CornerSlot>
  );
}
