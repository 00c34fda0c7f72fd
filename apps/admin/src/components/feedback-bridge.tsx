import { MODAL_WIDTH } from '@trackit/contract/constants';
import type { ConfirmationData } from '@trackit/contract/envelope';
import { App, Modal, message } from 'antd';
import { useEffect } from 'react';

type AppFeedback = ReturnType<typeof App.useApp>;

let current: AppFeedback | undefined;

/**
 * Hands antd's context-aware message and modal (theme, locale) to code outside React, such as the API
 * client. Rendered once inside antd's `App`.
 */
export function FeedbackBridge() {
  const feedbackApi = App.useApp();
  useEffect(() => {
    current = feedbackApi;
    return () => {
      if (current === feedbackApi) current = undefined;
    };
  }, [feedbackApi]);
  return null;
}

export const feedback = {
  /** Error toast; the same text shown twice at once (parallel failing calls) appears once. */
  error: (text: string): void => {
    (current?.message ?? message).error({ content: text, key: text });
  },
  /** The single-button dialog of a 30110 answer (docs/product.md §8). */
  confirm: ({ title, content }: ConfirmationData): void => {
    (current?.modal ?? Modal).info({ title, content, width: MODAL_WIDTH, centered: true });
  },
};
