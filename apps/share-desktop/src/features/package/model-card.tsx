import type { ShareFact } from '@trackit/contract/share';
import { SHARE_CARD_FIELDS, shareFacts } from '@trackit/contract/share';
import type { PublicModelCard } from '@trackit/contract/share.schema';
import { Link } from 'react-router';
import { ModelInitial } from '../../components/model-initial';
import { gridImageSources } from '../../components/public-image';
import styles from './model-card.module.css';
import { PickHeart } from './pick-heart';

/**
 * The `sizes` of a cover, matching the grid of package-page.module.css: five columns from 1440 px
 * (the page stops growing there), four from 1024 px, three below.
 */
export const COVER_SIZES =
  '(min-width: 1440px) 244px, (min-width: 1280px) calc((100vw - 200px) / 4), (min-width: 1024px) calc((100vw - 152px) / 4), calc((100vw - 128px) / 3)';

/** The figures under a card's name: `身高 178cm  三围 84/60/88  鞋码 38`. */
export function CardFacts({ facts }: { facts: readonly ShareFact[] }) {
  if (facts.length === 0) return null;
  return (
    <div className={styles.facts}>
      {facts.map((fact) => (
        <span key={fact.field} className={styles.fact}>
          <span className={styles.factLabel}>{fact.label}</span>
          {fact.value}
        </span>
      ))}
    </div>
  );
}

export interface ModelCardProps {
  model: PublicModelCard;
  /** The model's page. */
  to: string;
  /** Remembered by the model page, for 返回套餐 to come back to the same view. */
  backState: { back: string };
  picked: boolean;
  onTogglePick: () => void;
  /** The pointer is over the card: time to fetch its page. */
  onHover: () => void;
  eager: boolean;
}

/** A model in the package's grid: the cover, the heart, the name and a few figures. The whole card opens the model. */
export function ModelCard({ model, to, backState, picked, onTogglePick, onHover, eager }: ModelCardProps) {
  const sources = model.cover ? gridImageSources(model.cover) : null;
  return (
    <article
      className={picked ? `${styles.card} ${styles.picked}` : styles.card}
      onMouseEnter={onHover}
      data-testid={`model-card-${model.id}`}
    >
      <div className={styles.cover}>
        {sources ? (
          <img
            className={styles.coverImage}
            src={sources.src}
            srcSet={sources.srcSet}
            sizes={COVER_SIZES}
            alt={model.name}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            data-testid="model-cover"
          />
        ) : (
          <ModelInitial name={model.name} />
        )}
      </div>
      <div className={styles.body}>
        {/* The link stretches over the whole card (see .name::after); the heart sits above it. */}
        <Link to={to} state={backState} className={styles.name}>
          {model.name}
        </Link>
        <CardFacts facts={shareFacts(model.facts, SHARE_CARD_FIELDS)} />
      </div>
      <div className={styles.heart}>
        <PickHeart picked={picked} onToggle={onTogglePick} modelName={model.name} />
      </div>
    </article>
  );
}
