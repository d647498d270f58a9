import type { Article } from '@vitrine/contracts';

/** Published with a future publish_at: visible on the site only from then (the list's 'scheduled' filter). */
export function isScheduled(article: Pick<Article, 'status' | 'publish_at'>, now: Date = new Date()): boolean {
  return article.status === 'published' && article.publish_at !== null && new Date(article.publish_at) > now;
}
