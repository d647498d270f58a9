/** A namespace's texts: nested objects whose leaves are strings. */
export type TextTree = { readonly [key: string]: string | TextTree };

export interface KeyParity {
  /** Keys of `a` that `b` lacks. */
  missingInB: string[];
  /** Keys of `b` that `a` lacks. */
  missingInA: string[];
  /** Keys whose `{{placeholders}}` differ between the two. */
  placeholderMismatch: string[];
  /** Keys whose text is empty on either side. */
  empty: string[];
}

function leaves(tree: TextTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => (text.match(/\{\{\s*[\w.]+\s*\}\}/g) ?? []).sort().join();

/**
 * Compares two languages of the same texts (pt-BR and en-US): the shell's namespaces and every
 * remote's own locale files are checked with it, so a key added on one side only fails a test.
 */
export function keyParity(a: TextTree, b: TextTree): KeyParity {
  const left = leaves(a);
  const right = leaves(b);
  return {
    missingInB: [...left.keys()].filter((key) => !right.has(key)),
    missingInA: [...right.keys()].filter((key) => !left.has(key)),
    placeholderMismatch: [...left.keys()].filter((key) => right.has(key) && placeholders(left.get(key)!) !== placeholders(right.get(key)!)),
    empty: [...left, ...right].filter(([, text]) => text.trim() === '').map(([key]) => key),
  };
}

/** The names of every leaf key (`a.b.c`), for tests that check a key exists. */
export function keysOf(tree: TextTree): string[] {
  return [...leaves(tree).keys()];
}
