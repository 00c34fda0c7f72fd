import { initials } from '@trackit/client/format';
import { GENDER_LABELS, MODEL_STATUS_LABELS, type ModelStatus, SIZE_LABELS } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import type { Model } from '@trackit/contract/model.schema';
import { Tag } from 'antd';
import styles from './model-labels.module.css';

const STATUS_COLORS: Readonly<Record<ModelStatus, string>> = {
  active: 'green',
  paused: 'orange',
  left: 'default',
};

export const ModelStatusTag = ({ status }: { status: ModelStatus }) => (
  <Tag color={STATUS_COLORS[status]} data-testid="model-status">
    {MODEL_STATUS_LABELS[status]}
  </Tag>
);

/** Bust/waist/hips as agencies write them (`84/60/88`), a missing one as `-`; null when none is known. */
export const threeSizes = (model: Pick<Model, 'bust' | 'waist' | 'hips'>): string | null => {
  const sizes = [model.bust, model.waist, model.hips];
  if (sizes.every((size) => size === null)) return null;
  return sizes.map((size) => size ?? '-').join('/');
};

/** `女 · 24岁`: who, in a few characters. */
export const personLine = (model: Pick<Model, 'gender' | 'age'>): string =>
  [GENDER_LABELS[model.gender], model.age === null ? null : `${model.age}岁`].filter(Boolean).join(' · ');

/** `178cm · 55kg · 84/60/88 · M`: the figures a client asks first; `--` when none is known. */
export const figureLine = (model: Model): string => {
  const parts = [
    model.height === null ? null : `${model.height}cm`,
    model.weight === null ? null : `${model.weight}kg`,
    threeSizes(model),
    model.clothing_size ? SIZE_LABELS[model.clothing_size] : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : MESSAGES.empty;
};

/** The cover photo, or the first character of the name on a quiet tint when there is none yet. */
export function ModelCover({ model, className }: { model: Model; className?: string }) {
  const frame = className ? `${styles.cover} ${className}` : styles.cover;
  return (
    <div className={frame} data-testid="model-cover">
      {model.cover_thumb_url ? (
        <img src={model.cover_thumb_url} alt={model.name} className={styles.image} loading="lazy" />
      ) : (
        <span className={styles.initial} aria-hidden>
          {initials(model.name)}
        </span>
      )}
    </div>
  );
}
