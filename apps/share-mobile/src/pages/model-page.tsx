/**
 * /h5/s/:shareId/:modelId: one model of the package: the facts it shows, the photos (a tap opens the
 * gallery), the videos and files, the heart and a comment. What the grid already knew (name, facts)
 * shows at once; the photos follow.
 */
import { shareFacts } from '@trackit/contract/share';
import type { PublicModelCard } from '@trackit/contract/share.schema';
import { type FormEvent, useEffect, useState } from 'react';
import { HeartButton } from '../components/heart-button';
import { ChevronLeft, ChevronRight, PlayIcon } from '../components/icons';
import { LoadError } from '../components/load-error';
import { useVisitorName } from '../components/name-prompt';
import page from '../components/page.module.css';
import { PhotoGrid } from '../components/photo-grid';
import { AddressRefresh } from '../components/share-image';
import { ModelSkeleton } from '../components/skeletons';
import skeleton from '../components/skeletons.module.css';
import { showToast } from '../components/toast';
import { pickOf, savePick } from '../queries/picks';
import { useModel, usePackage } from '../queries/share-data';
import { useDocumentTitle, useShareView } from '../queries/use-share-view';
import { backTo, Link } from '../router';
import { paths } from '../routes';
import { TEXTS } from '../texts';
import styles from './model-page.module.css';

const COMMENT_MAX = 500;
/** Slots shown while the photos come (as many as the model has, 2 to 4). */
const PHOTO_PLACEHOLDERS = ['a', 'b', 'c', 'd'];

export default function ModelPage({ shareId, modelId }: { shareId: string; modelId: number }) {
  const detail = useModel(shareId, modelId);
  const pkg = usePackage(shareId);
  const { ensureName, prompt } = useVisitorName();
  useShareView(detail.data !== undefined, shareId, 'model', modelId);

  const models = pkg.data?.models ?? [];
  const card: PublicModelCard | undefined = detail.data ?? models.find((model) => model.id === modelId);
  useDocumentTitle(card?.name);

  if (!card) {
    if (detail.error) return <LoadError error={detail.error} onRetry={detail.retry} />;
    return <ModelSkeleton />;
  }
  // The grid's card is shown while the page's own answer comes; a failure of that answer still shows.
  if (detail.error && !detail.data) return <LoadError error={detail.error} onRetry={detail.retry} />;

  const fields = detail.data?.fields ?? pkg.data?.fields;
  const facts = shareFacts(card.facts, fields);
  const englishName = card.facts.english_name;
  const pick = pickOf(pkg.data, modelId);
  const position = models.findIndex((model) => model.id === modelId);
  const nameOf = (id: number | null) => models.find((model) => model.id === id)?.name ?? '';
  const packagePath = paths.package(shareId);
  const fileCount = detail.data?.files.length ?? card.file_count;

  const toggle = async () => {
    if (await ensureName()) void savePick(shareId, modelId, { picked: !pick.picked });
  };
  const sendComment = async (comment: string) => {
    if (!(await ensureName())) return false;
    const sent = await savePick(shareId, modelId, { comment });
    if (sent) showToast(TEXTS.commentSent);
    return sent;
  };

  return (
    <AddressRefresh value={detail.refreshAddresses}>
      <div className={page.page}>
        <nav className={page.bar}>
          <Link
            to={packagePath}
            className={page.back}
            onClick={(event) => {
              event.preventDefault();
              backTo(packagePath);
            }}
          >
            <ChevronLeft />
            {TEXTS.allModels}
          </Link>
          {position >= 0 && (
            <span className={page.barNote}>{TEXTS.position(position + 1, models.length)}</span>
          )}
        </nav>

        <header className={styles.header}>
          <div className={styles.names}>
            <h1 className={page.title}>{card.name}</h1>
            {englishName && <p className={styles.english}>{englishName}</p>}
          </div>
          <HeartButton
            variant="pill"
            picked={pick.picked}
            name={card.name}
            disabled={!pkg.data}
            onToggle={() => void toggle()}
          />
        </header>

        {facts.length > 0 && (
          <dl className={styles.facts}>
            {facts.map((fact) => (
              <div key={fact.field} className={fact.field === 'tags' ? styles.wide : undefined}>
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        )}

        {fileCount > 0 && (
          <Link to={paths.files(shareId, modelId)} className={styles.filesLink}>
            <PlayIcon />
            <span>{TEXTS.filesLink}</span>
            <small>{TEXTS.fileCount(fileCount)}</small>
            <ChevronRight />
          </Link>
        )}

        <section className={page.section}>
          <h2 className={page.sectionTitle}>
            {TEXTS.photos}
            {card.photo_count > 0 && <small>{card.photo_count}</small>}
          </h2>
          {detail.data ? (
            detail.data.photos.length > 0 ? (
              <PhotoGrid
                photos={detail.data.photos}
                name={card.name}
                linkOf={(index) => paths.photos(shareId, modelId, index)}
              />
            ) : (
              <p className={page.empty}>{TEXTS.noPhotos}</p>
            )
          ) : (
            <div className={page.photoGrid} aria-busy="true">
              {PHOTO_PLACEHOLDERS.slice(0, Math.min(Math.max(card.photo_count, 2), 4)).map((key) => (
                <span key={key} className={`${page.slot} ${skeleton.block}`} />
              ))}
            </div>
          )}
        </section>

        <section className={page.section}>
          <h2 className={page.sectionTitle}>{TEXTS.comment}</h2>
          <CommentBox saved={pick.comment} disabled={!pkg.data} onSend={sendComment} />
        </section>

        {detail.data && (detail.data.previous_model_id || detail.data.next_model_id) && (
          <nav className={styles.neighbours}>
            {detail.data.previous_model_id ? (
              <Link
                to={paths.model(shareId, detail.data.previous_model_id)}
                replace
                className={styles.previous}
              >
                <ChevronLeft />
                <span>
                  <small>{TEXTS.previousModel}</small>
                  {nameOf(detail.data.previous_model_id)}
                </span>
              </Link>
            ) : (
              <span />
            )}
            {detail.data.next_model_id ? (
              <Link to={paths.model(shareId, detail.data.next_model_id)} replace className={styles.next}>
                <span>
                  <small>{TEXTS.nextModel}</small>
                  {nameOf(detail.data.next_model_id)}
                </span>
                <ChevronRight />
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
        {prompt}
      </div>
    </AddressRefresh>
  );
}

function CommentBox({
  saved,
  disabled,
  onSend,
}: {
  saved: string;
  disabled: boolean;
  onSend: (comment: string) => Promise<boolean>;
}) {
  const [text, setText] = useState(saved);
  const [sending, setSending] = useState(false);
  // The saved comment arrives with the package answer, possibly after the page showed.
  useEffect(() => setText((current) => (current === '' ? saved : current)), [saved]);
  const trimmed = text.trim();
  const length = Array.from(text).length;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    await onSend(trimmed);
    setSending(false);
  };

  return (
    <form className={styles.comment} onSubmit={handleSubmit}>
      <textarea
        value={text}
        onChange={(event) => setText(Array.from(event.target.value).slice(0, COMMENT_MAX).join(''))}
        placeholder={TEXTS.commentPlaceholder}
        aria-label={TEXTS.comment}
        rows={3}
        disabled={disabled}
      />
      <div className={styles.commentFoot}>
        <span className={styles.count}>
          {length} / {COMMENT_MAX}
        </span>
        <button type="submit" disabled={disabled || sending || trimmed === saved}>
          {saved ? TEXTS.updateComment : TEXTS.sendComment}
        </button>
      </div>
    </form>
  );
}
