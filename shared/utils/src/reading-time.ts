/** Reading speed used for the estimate, in words per minute. */
export const WORDS_PER_MINUTE = 200;

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/** Plain text of an HTML fragment: scripts and styles dropped, tags turned into spaces, common entities decoded. */
export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|apos|#39);/g, (_, name: string) => ENTITIES[name] ?? ' ');
}

/** Number of words in a text or HTML fragment. */
export function countWords(htmlOrText: string): number {
  return stripHtml(htmlOrText).split(/\s+/).filter(Boolean).length;
}

/** Minutes needed to read `words` words (not rounded). */
export function readingMinutes(words: number): number {
  return Math.max(0, words) / WORDS_PER_MINUTE;
}

/** Formats an estimate; receives the unrounded minutes. */
export type ReadingTimeFormatter = (minutes: number) => string;

/** The pt-BR wording: under a minute 'menos de 1 min', otherwise '<rounded> min'. */
export const formatReadingTime: ReadingTimeFormatter = (minutes) =>
  minutes < 1 ? 'menos de 1 min' : `${Math.round(minutes)} min`;

/**
 * Reading-time label for an article body (HTML or plain text). Pass `format`
 * for another language, e.g. `(m) => t('public:post.readingTime', { count: Math.round(m) })`.
 */
export function readingTime(htmlOrText: string, format: ReadingTimeFormatter = formatReadingTime): string {
  return format(readingMinutes(countWords(typeof htmlOrText === 'string' ? htmlOrText : '')));
}
