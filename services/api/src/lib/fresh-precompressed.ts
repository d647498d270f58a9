import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Whether a build's pre-compressed copies (`main.js.br`, `main.js.gz`) still hold the file beside them. A deploy that
 * copies a new build over an old one and leaves an old sibling behind (or copies the plain file last) would otherwise
 * have every browser that accepts brotli run the old code. A copy is checked once per pair of file versions (size and
 * mtime of both): decompressed and compared byte for byte; every later request costs two stat calls.
 */
export class PrecompressedCheck {
  private readonly verdicts = new Map<string, boolean>();

  constructor(private readonly maxEntries = 5000) {}

  /** False when `file + suffix` exists and does not decompress to exactly `file`'s bytes (no copy, or no file: true). */
  fresh(file: string, suffix: '.br' | '.gz'): boolean {
    const plain = fs.statSync(file, { throwIfNoEntry: false });
    const copy = plain ? fs.statSync(file + suffix, { throwIfNoEntry: false }) : undefined;
    if (!plain || !copy) return true;
    const key = `${file}${suffix}|${plain.size}:${plain.mtimeMs}|${copy.size}:${copy.mtimeMs}`;
    const known = this.verdicts.get(key);
    if (known !== undefined) return known;
    let verdict = false;
    try {
      const packed = fs.readFileSync(file + suffix);
      const unpacked = suffix === '.br' ? zlib.brotliDecompressSync(packed) : zlib.gunzipSync(packed);
      verdict = unpacked.equals(fs.readFileSync(file));
    } catch {
      verdict = false;
    }
    if (this.verdicts.size >= this.maxEntries) this.verdicts.clear();
    this.verdicts.set(key, verdict);
    return verdict;
  }

  /**
   * The Accept-Encoding a static file request should be answered with: `br` or `gzip` left out when the file's copy in
   * that encoding is stale, so the static files send the next one the client accepts (in the end the plain file, which
   * may still be compressed on the way out like any file without copies). `root` and `relative` locate the file; a path outside `root` is left alone (the static files refuse it).
   */
  acceptable(root: string, relative: string, acceptEncoding: string): string {
    if (!/\b(br|gzip)\b|\*/.test(acceptEncoding)) return acceptEncoding;
    let decoded: string;
    try {
      decoded = decodeURIComponent(relative);
    } catch {
      return acceptEncoding;
    }
    const file = path.resolve(root, `.${path.posix.sep}${decoded}`);
    if (!file.startsWith(path.resolve(root) + path.sep)) return acceptEncoding;
    let accepted = acceptEncoding;
    if (/\bbr\b/.test(accepted) && !this.fresh(file, '.br')) accepted = dropEncoding(accepted, 'br');
    // The static files read `*` as gzip.
    if (/\bgzip\b|\*/.test(accepted) && !this.fresh(file, '.gz')) accepted = dropEncoding(dropEncoding(accepted, 'gzip'), '*');
    return accepted;
  }
}

function dropEncoding(header: string, name: string): string {
  return header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.split(';', 1)[0]?.trim().toLowerCase() !== name)
    .join(', ');
}
