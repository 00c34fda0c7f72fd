import { MESSAGES } from '@trackit/contract/messages';
import { type ShareCardFact, type ShareField, shareCardFacts } from '@trackit/contract/share';
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

/** Fields whose values run long (a list of tags): a whole line of the card. */
const WIDE_FIELDS: ReadonlySet<ShareField> = new Set(['tags']);

/**
 * The fields the package chose, under the card's name: two to a line (`身高 178cm   三围 84/60/88`), the
 * long ones alone. Every card of the package has the same lines (a missing value is `--`) and no value
 * wraps (cut short, whole on hover), so the cards of a row stay the same height, their figures side by side.
 */
export function CardFacts({ facts }: { facts: readonly ShareCardFact[] }) {
  if (facts.length === 0) return null;
  return (
    <dl className={styles.facts}>
      {facts.map((fact) => (
        <div
          key={fact.field}
          className={WIDE_FIELDS.has(fact.field) ? `${styles.fact} ${styles.wide}` : styles.fact}
        >
          <dt className={styles.factLabel}>{fact.label}</dt>
          {fact.value === null ? (
            <dd className={styles.missing}>{MESSAGES.empty}</dd>
          ) : (
            <dd title={`${fact.label} ${fact.value}`}>{fact.value}</dd>
          )}
        </div>
      ))}
    </dl>
  );
}

/**
 * The English name under the name, when the package shows it; its line stays when the model has none
 * (or it is the name itself), for the cards of a row to keep their facts side by side.
 */
function EnglishName({ name, english }: { name: string; english: ShareCardFact }) {
  if (english.value === null || english.value.toLowerCase() === name.toLowerCase()) {
    return (
      <p className={styles.english} aria-hidden="true">
        {'\u00a0'}
      </p>
    );
  }
  return (
    <p className={styles.english} title={english.value} data-testid="english-name">
      {english.value}
    </p>
  );
}

export interface ModelCardProps {
  model: PublicModelCard;
  /** The fields the package shows. */
  fields: readonly ShareField[];
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

/** A model in the package's grid: the cover, the heart, the name and the chosen fields. The whole card opens the model. */
export function ModelCard({
  model,
  fields,
  to,
  backState,
  picked,
  onTogglePick,
  onHover,
  eager,
}: ModelCardProps) {
  const sources = model.cover ? gridImageSources(model.cover) : null;
  const facts = shareCardFacts(model.facts, fields);
  const english = facts.find((fact) => fact.field === 'english_name');
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
        {english && <EnglishName name={model.name} english={english} />}
        <CardFacts facts={facts.filter((fact) => fact !== english)} />
      </div>
      <div className={styles.heart}>
        <PickHeart picked={picked} onToggle={onTogglePick} modelName={model.name} />
      </div>
    </article>
  );
}
