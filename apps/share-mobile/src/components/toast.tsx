/**
 * A short message in the middle of the screen (a failed pick, a comment sent). antd-mobile's Toast
 * brings its animation library (~20 KB) and would have to be downloaded at the moment it is needed,
 * which is when the network has just failed; this one is always there.
 */
import { useSyncExternalStore } from 'react';
import styles from './toast.module.css';

const SHOWN_MS = 2000;

let message: { text: string; id: number } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: typeof message) {
  message = next;
  for (const listener of listeners) listener();
}

export function showToast(text: string): void {
  clearTimeout(timer);
  set({ text, id: (message?.id ?? 0) + 1 });
  timer = setTimeout(() => set(null), SHOWN_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Rendered once by the app. */
export function ToastHost() {
  const shown = useSyncExternalStore(subscribe, () => message);
  if (!shown) return null;
  return (
    <div className={styles.toast} role="status" aria-live="polite" key={shown.id}>
      {shown.text}
    </div>
  );
}
