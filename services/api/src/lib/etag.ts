import { createHash } from 'node:crypto';

/**
 * The weak ETag of every public answer (JSON reads, crawler pages, feeds): the
 * content version (bumped by every content write) plus a hash of the body.
 */
export function etagFor(version: number, body: string): string {
  return `W/"v${version}-${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, lists and `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
