import { Skeleton } from 'antd';

/** A 3:4 tile shimmering where a cover or photo will be. */
export function CoverSkeleton() {
  return (
    <Skeleton.Node
      active
      styles={{
        root: { display: 'block', width: '100%', aspectRatio: '3 / 4' },
        content: { width: '100%', height: '100%' },
      }}
    >
      {null}
    </Skeleton.Node>
  );
}
