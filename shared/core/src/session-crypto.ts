import AES from 'crypto-js/aes.js';
import Utf8 from 'crypto-js/enc-utf8.js';

/**
 * The stored session (authUser and authToken in local storage) is AES-encrypted with a fixed key. A key in a
 * bundle is obfuscation only: tokens are short-lived and
 * revocable on the server, which is the real protection.
 */
const SESSION_KEY = 'vitrine::session::v1';

export function encryptSession(value: unknown): string {
  return AES.encrypt(JSON.stringify(value), SESSION_KEY).toString();
}

export function decryptSession<T>(cipher: string): T | null {
  try {
    const text = AES.decrypt(cipher, SESSION_KEY).toString(Utf8);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}
