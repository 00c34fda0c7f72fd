import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** A full-page answer (404, 403) with a way back home. */
export function ResultPage({
  status,
  message,
  testId,
}: {
  status: '403' | '404';
  message: string;
  testId?: string;
}) {
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={message}
      data-testid={testId}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}
