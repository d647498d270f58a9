/**
 * Initials of a person's name: the first letter of the first two words,
 * uppercased ('ana maria silva' → 'AM'). Fewer than two words gives ''.
 */
export function initials(name: unknown): string {
  if (typeof name !== 'string') return '';
  const words = name.trim().split(/\s+/).filter(Boolean);
  const [first, second] = words;
  if (first === undefined || second === undefined) return '';
  return (firstLetter(first) + firstLetter(second)).toLocaleUpperCase('pt-BR');
}

/** The first code point, so a name starting with an astral character is not split in half. */
function firstLetter(word: string): string {
  return Array.from(word)[0] ?? '';
}
