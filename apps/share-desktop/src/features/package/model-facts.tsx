import type { ShareFact } from '@trackit/contract/share';
import styles from './model-page.module.css';

/** A model's facts in two columns, label above value; the style tags take a whole row. */
export function ModelFacts({ facts }: { facts: readonly ShareFact[] }) {
  if (facts.length === 0) return null;
  return (
    <dl className={styles.facts} data-testid="model-facts">
      {facts.map((fact) => (
        <div
          key={fact.field}
          className={fact.field === 'tags' ? `${styles.fact} ${styles.factWide}` : styles.fact}
        >
          <dt className={styles.factLabel}>{fact.label}</dt>
          <dd className={styles.factValue}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
