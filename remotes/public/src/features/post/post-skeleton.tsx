import { Skeleton } from '@vitrine/ui';

/** The article's shape while it loads: title, meta line, a 16:9 cover and text. */
export function PostSkeleton() {
  return (
    <div className="vt-page vt-post" aria-busy="true" data-testid="post-skeleton">
      <div className="vt-post__head">
        <Skeleton height={40} width="90%" />
        <Skeleton height={16} width="50%" />
      </div>
      <div className="vt-post__cover vt-post__cover--placeholder" />
      <Skeleton lines={6} />
    </div>
  );
}
