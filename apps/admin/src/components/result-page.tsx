import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ResultIllustration } from './result-illustration';
import styles from './result-page.module.css';

export interface ResultPageProps {
  status: '403' | '404';
  message: string;
  /** Where the user can go from here; by default 返回首页. */
  action?: ReactNode;
  testId?: string;
  /** Fill the whole window (a signed-out visitor's 404) rather than the shell's content area. */
  fullWindow?: boolean;
}

/**
 * A page-sized answer (404, 403, a record that is not there) with our own picture and a way on. Inside
 * the shell it fills the content area as a white panel.
 */
export function ResultPage({ status, message, action, testId, fullWindow = false }: ResultPageProps) {
  const navigate = useNavigate();
  return (
    <section className={fullWindow ? `${styles.page} ${styles.window}` : styles.page} data-testid={testId}>
      <ResultIllustration kind={status} />
      <h1 className={styles.code}>{status}</h1>
      <p className={styles.message}>{message}</p>
      {action ?? (
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      )}
    </section>
  );
}
