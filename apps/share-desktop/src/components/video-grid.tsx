import type { PublicFile } from '@trackit/contract/share.schema';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import styles from './media.module.css';

/**
 * A video that survives its address being renewed (the page refetches every few minutes, see
 * share-freshness.ts): the new address is taken at once while the video has not started, and otherwise
 * only when the old one fails, resuming where the client was.
 */
function ShareVideo({ video }: { video: PublicFile }) {
  const element = useRef<HTMLVideoElement>(null);
  const [src, setSrc] = useState(video.url);
  const resumeAt = useRef<{ time: number; playing: boolean } | null>(null);

  useEffect(() => {
    const player = element.current;
    if (video.url !== src && (!player || (player.paused && player.currentTime === 0))) setSrc(video.url);
  }, [video.url, src]);

  const handleError = () => {
    const player = element.current;
    if (!player || video.url === src) return;
    resumeAt.current = { time: player.currentTime, playing: !player.paused };
    setSrc(video.url);
  };
  const handleLoadedMetadata = () => {
    const player = element.current;
    const resume = resumeAt.current;
    if (!player || !resume) return;
    resumeAt.current = null;
    player.currentTime = resume.time;
    if (resume.playing) void player.play().catch(() => undefined);
  };

  return (
    <figure className={styles.video}>
      {/* biome-ignore lint/a11y/useMediaCaption: the agency's own footage, without captions to offer */}
      <video
        ref={element}
        controls
        preload="metadata"
        playsInline
        src={src}
        poster={video.thumb_url ?? undefined}
        onError={handleError}
        onLoadedMetadata={handleLoadedMetadata}
        data-testid="video"
      />
      <figcaption className={styles.caption} title={video.name}>
        {video.name}
      </figcaption>
    </figure>
  );
}

/** Videos that play in place; only their first bytes load until the client presses play. */
export function VideoGrid({ videos, columns }: { videos: readonly PublicFile[]; columns: number }) {
  return (
    <div className={styles.videoGrid} style={{ '--video-columns': columns } as CSSProperties}>
      {videos.map((video) => (
        <ShareVideo key={video.id} video={video} />
      ))}
    </div>
  );
}
