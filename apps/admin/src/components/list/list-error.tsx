import { MESSAGES } from '@trackit/contract/messages';
import { Alert, Button, Empty } from 'antd';

export interface ListErrorProps {
  error: Error | null;
  retrying: boolean;
  onRetry: () => void;
}

const messageOf = (error: Error | null): string => error?.message || MESSAGES.networkError;

/** The list could not load and there is nothing to show: the reason and 重试. */
export function ListError({ error, retrying, onRetry }: ListErrorProps) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={messageOf(error)} data-testid="list-error">
      <Button onClick={onRetry} loading={retrying}>
        {MESSAGES.uploadRetry}
      </Button>
    </Empty>
  );
}

/** A refresh failed while the earlier rows are still on screen: said above them, with 重试. */
export function ListErrorAlert({ error, retrying, onRetry }: ListErrorProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={messageOf(error)}
      style={{ marginBottom: 16 }}
      data-testid="list-error-alert"
      action={
        <Button size="small" onClick={onRetry} loading={retrying}>
          {MESSAGES.uploadRetry}
        </Button>
      }
    />
  );
}
