export const ELLIPSIS = '…';

/** The exact message thrown when the argument is not a string. */
export const TRUNCATE_TYPE_ERROR = 'O argumento text deve ser uma string.';

/**
 * Cuts `text` to at most `max` characters and appends '…' when something was
 * cut. Counts code points, so emoji and other astral characters are never split.
 * A non-string `text` logs {@link TRUNCATE_TYPE_ERROR} with console.error and gives ''.
 */
export function truncate(text: unknown, max: number): string {
  if (typeof text !== 'string') {
    console.error(TRUNCATE_TYPE_ERROR);
    return '';
  }
  const limit = Number.isFinite(max) ? Math.max(0, Math.floor(max)) : Number.POSITIVE_INFINITY;
  const chars = Array.from(text);
  if (chars.length <= limit) return text;
  return chars.slice(0, limit).join('').trimEnd() + ELLIPSIS;
}
