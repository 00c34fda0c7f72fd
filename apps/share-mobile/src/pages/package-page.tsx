/** /h5/s/:shareId: the package a client opens from a chat, a lookbook of its models. */
import { MESSAGES } from '@trackit/contract/messages';
import { type ShareCardFact, shareCardFacts } from '@trackit/contract/share';
import type { PublicModelCard, PublicPackage } from '@trackit/contract/share.schema';
import { Fragment, useEffect } from 'react';
import { HeartButton } from '../components/heart-button';
import { LoadError } from '../components/load-error';
import { useVisitorName } from '../components/name-prompt';
import page from '../components/page.module.css';
import { AddressRefresh, InitialPlaceholder, ShareImage } from '../components/share-image';
import { PackageSkeleton } from '../components/skeletons';
import { pickOf, savePick } from '../queries/picks';
import { usePackage } from '../queries/share-data';
import { useDocumentTitle, useShareView } from '../queries/use-share-view';
import { Link } from '../router';
import { paths } from '../routes';
import { TEXTS } from '../texts';
import styles from './package-page.module.css';

/** How many covers load at once with high priority: the first two rows, what a phone shows first. */
const EAGER_COVERS = 4;

/** Runs `task` once the browser has nothing better to do (the covers first); returns the cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 1500);
  return () => clearTimeout(timer);
}

const formatDay = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日`;
};

export default function PackagePage({ shareId }: { shareId: string }) {
  const { data, error, retry, refreshAddresses } = usePackage(shareId);
  const { ensureName, prompt } = useVisitorName();
  useShareView(data !== undefined, shareId, 'package');
  useDocumentTitle(data?.title);
  // A model's page is what the client opens next: its code (~2 kB) comes while they look at the grid.
  useEffect(() => whenIdle(() => void import('./model-page')), []);

  if (!data) return error ? <LoadError error={error} onRetry={retry} /> : <PackageSkeleton />;

  const toggle = async (model: PublicModelCard, picked: boolean) => {
    if (await ensureName()) void savePick(shareId, model.id, { picked: !picked });
  };
  const pickedCount = data.picks.filter((pick) => pick.picked).length;

  return (
    <AddressRefresh value={refreshAddresses}>
      <div className={page.page}>
        <header className={styles.header}>
          <p className={page.eyebrow}>{data.team_name}</p>
          <h1 className={`${page.title} ${styles.title}`}>{data.title}</h1>
          {data.message && <p className={styles.message}>{data.message}</p>}
          <p className={styles.meta}>
            <span>{TEXTS.modelCount(data.models.length)}</span>
            {pickedCount > 0 && <span className={styles.pickedCount}>{TEXTS.pickedCount(pickedCount)}</span>}
            <span className={styles.expiry}>{TEXTS.validUntil(formatDay(data.expires_at))}</span>
          </p>
        </header>
        {data.models.length === 0 ? (
          <p className={page.empty}>{TEXTS.noModels}</p>
        ) : (
          <ul className={page.grid}>
            {data.models.map((model, index) => (
              <ModelCard
                key={model.id}
                shareId={shareId}
                model={model}
                pkg={data}
                eager={index < EAGER_COVERS}
                onToggle={toggle}
              />
            ))}
          </ul>
        )}
        {prompt}
      </div>
    </AddressRefresh>
  );
}

function ModelCard({
  shareId,
  model,
  pkg,
  eager,
  onToggle,
}: {
  shareId: string;
  model: PublicModelCard;
  pkg: PublicPackage;
  eager: boolean;
  onToggle: (model: PublicModelCard, picked: boolean) => void;
}) {
  const { picked } = pickOf(pkg, model.id);
  const facts = shareCardFacts(model.facts, pkg.fields);
  const english = facts.find((fact) => fact.field === 'english_name');
  const lines = facts.filter((fact) => fact.field !== 'english_name');
  return (
    <li className={styles.card}>
      <Link to={paths.model(shareId, model.id)} className={styles.cardLink}>
        <span className={page.slot}>
          {model.cover ? (
            <ShareImage file={model.cover} alt={model.name} eager={eager} />
          ) : (
            <InitialPlaceholder name={model.name} />
          )}
        </span>
        <span className={styles.name}>{model.name}</span>
        {english && <EnglishName name={model.name} english={english} />}
        {lines.length > 0 && (
          <dl className={styles.facts}>
            {lines.map((fact) => (
              <Fragment key={fact.field}>
                <dt>{fact.label}</dt>
                <dd className={fact.value === null ? styles.missing : undefined}>
                  {fact.value ?? MESSAGES.empty}
                </dd>
              </Fragment>
            ))}
          </dl>
        )}
      </Link>
      <HeartButton picked={picked} name={model.name} onToggle={() => onToggle(model, picked)} />
    </li>
  );
}

/**
 * The English name under the name, when the package shows it. Its line is kept when the model has none
 * (or it is the name itself), so the cards of a row keep their facts side by side.
 */
function EnglishName({ name, english }: { name: string; english: ShareCardFact }) {
  const shown = english.value !== null && english.value.toLowerCase() !== name.toLowerCase();
  return <span className={styles.english}>{shown ? english.value : '\u00a0'}</span>;
}
