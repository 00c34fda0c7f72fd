import { Alert, Button } from 'antd';
import { useState } from 'react';
import styles from './duplicate-warning.module.css';

/** A record the team already has that may be the one being created. */
export interface DuplicateMatch {
  id: number;
  name: string;
  /** What tells them apart (英文名, 出生日期, 公司, 状态…), shown after the name. */
  details: string[];
  /** Its admin address (`/admin/information/model/12`), opened in a new tab so the form stays filled. */
  href: string;
}

/**
 * Asks the server for records the new one may duplicate before it is created (docs/product.md "Models",
 * "Companies and contacts"): none, and it is created at once; some, and the form shows them until the
 * member confirms (`confirm`) or changes a field (`clear`). A failed lookup creates nothing (the client
 * showed its error).
 */
export function useDuplicateCheck<Body>(options: {
  /** The lookup for this body, or null when it has nothing to look up by (no birthday, no mobile). */
  find: (body: Body) => Promise<DuplicateMatch[]> | null;
  create: (body: Body) => void;
}) {
  const [pending, setPending] = useState<{ body: Body; matches: DuplicateMatch[] } | null>(null);
  const [checking, setChecking] = useState(false);
  const submit = async (body: Body) => {
    const lookup = options.find(body);
    setPending(null);
    if (!lookup) {
      options.create(body);
      return;
    }
    setChecking(true);
    try {
      const matches = await lookup;
      if (matches.length > 0) setPending({ body, matches });
      else options.create(body);
    } catch {
      // The client has shown why the lookup failed; nothing is created until it is tried again.
    } finally {
      setChecking(false);
    }
  };
  return {
    submit: (body: Body) => void submit(body),
    checking,
    matches: pending?.matches ?? null,
    /** 不是同一人，继续创建: creates what was checked. */
    confirm: () => {
      if (pending) options.create(pending.body);
    },
    clear: () => setPending(null),
  };
}

/**
 * The warning before creating a record the team may already have: the records found (each a link), and
 * 不是同一人，继续创建. A warning the member can confirm past, never a refusal.
 */
export function DuplicateWarning({
  title,
  matches,
  busy,
  onConfirm,
  testId,
}: {
  title: string;
  matches: DuplicateMatch[];
  busy: boolean;
  onConfirm: () => void;
  testId: string;
}) {
  return (
    <Alert
      type="warning"
      showIcon
      className={styles.warning}
      data-testid={testId}
      message={title}
      description={
        <>
          <ul className={styles.matches}>
            {matches.map((match) => (
              <li key={match.id}>
                <a href={match.href} target="_blank" rel="noreferrer" data-testid={`${testId}-link`}>
                  {match.name}
                </a>
                {match.details.length > 0 && (
                  <span className={styles.details}>{match.details.join(' · ')}</span>
                )}
              </li>
            ))}
          </ul>
          {/* Under the records, not beside them: the form may be a narrow dialog (a company's contacts). */}
          <Button
            onClick={onConfirm}
            loading={busy}
            className={styles.confirm}
            data-testid={`${testId}-confirm`}
          >
            不是同一人，继续创建
          </Button>
        </>
      }
    />
  );
}
