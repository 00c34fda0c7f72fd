/**
 * Asks the client's name the first time they pick or comment, and keeps it on the device
 * (rememberVisitorName): from then on every pick and comment carries it, and nothing is asked again.
 */
import { rememberVisitorName, visitorName } from '@trackit/client/share/visitor';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { TEXTS } from '../texts';
import styles from './name-prompt.module.css';

const NAME_MAX = 30;

/**
 * `ensureName()` resolves true at once when the name is known, else opens the question and resolves
 * whether the client gave one; render `prompt` in the page.
 */
export function useVisitorName(): { ensureName: () => Promise<boolean>; prompt: ReactNode } {
  const [pending, setPending] = useState<((given: boolean) => void) | null>(null);

  const ensureName = () => {
    if (visitorName()) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => setPending(() => resolve));
  };
  const finish = (given: boolean) => {
    pending?.(given);
    setPending(null);
  };

  const prompt = pending ? (
    <NamePrompt
      onSubmit={(name) => {
        rememberVisitorName(name);
        finish(true);
      }}
      onCancel={() => finish(false)}
    />
  ) : null;
  return { ensureName, prompt };
}

function NamePrompt({ onSubmit, onCancel }: { onSubmit: (name: string) => void; onCancel: () => void }) {
  const [name, setName] = useState('');
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const trimmed = name.trim();

  useEffect(() => {
    inputRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onCancel]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onSubmit(trimmed);
  };

  return (
    <div className={styles.backdrop}>
      <form
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onSubmit={handleSubmit}
      >
        <h2 id={titleId} className={styles.title}>
          {TEXTS.namePromptTitle}
        </h2>
        <p className={styles.hint}>{TEXTS.namePromptHint}</p>
        <input
          ref={inputRef}
          className={styles.input}
          value={name}
          onChange={(event) => setName(Array.from(event.target.value).slice(0, NAME_MAX).join(''))}
          placeholder={TEXTS.namePlaceholder}
          aria-label={TEXTS.namePlaceholder}
          enterKeyHint="done"
          autoComplete="name"
        />
        <div className={styles.actions}>
          <button type="button" className={styles.cancel} onClick={onCancel}>
            {TEXTS.cancel}
          </button>
          <button type="submit" className={styles.confirm} disabled={!trimmed}>
            {TEXTS.confirm}
          </button>
        </div>
      </form>
    </div>
  );
}
