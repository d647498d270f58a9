import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;

function scryptAsync(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: cost, r: 8, p: 1, maxmem: 256 * cost * 8 + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** scrypt with a random salt; the cost travels with the hash so it can be raised later. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, cost);
  return `scrypt$${cost}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, costText, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !costText || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64url'), Number(costText));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** 32 random bytes, base64url: session tokens and recovery-link secrets. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Public record keys ({id}/{unique_key}): not secret, only unguessable. */
export function uniqueKey(): string {
  return randomBytes(16).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%&*?-_';

function pick(chars: string): string {
  return chars.charAt(randomInt(chars.length));
}

/** A password that meets the policy (at least 8 characters, a lowercase and an uppercase letter, a number and a special character): every class present, no look-alike characters. */
export function generatePassword(length = 16): string {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    const tmp = chars[i] as string;
    chars[i] = chars[j] as string;
    chars[j] = tmp;
  }
  return chars.join('');
}

/** A 6-digit verification code. */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes are short: each is hashed with its own salt (`salt:hash`). */
export function hashCode(code: string): string {
  const salt = randomBytes(12).toString('base64url');
  return `${salt}:${sha256(`${salt}:${code}`)}`;
}

export function verifyCode(code: string, stored: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  return safeEqual(sha256(`${salt}:${code}`), hash);
}

/**
 * Whether `proof` (the session cookie's value) is the one whose SHA-256 the session keeps; a session without a
 * stored proof never matches. Compared in constant time.
 */
export function sameProof(storedHash: string | null, proof: string | undefined): boolean {
  if (!storedHash || !proof || proof.length > 256) return false;
  const expected = Buffer.from(storedHash, 'hex');
  const actual = createHash('sha256').update(proof).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
