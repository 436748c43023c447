import crypto, { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** `svc_live_` then 32 lowercase hex characters (128 random bits). */
export const API_KEY_PATTERN = /^svc_live_[0-9a-f]{32}$/;
const PREFIX_LENGTH = 'svc_live_'.length + 4;

export function generateApiKey(): string {
  return `svc_live_${randomBytes(16).toString('hex')}`;
}

export function isWellFormedApiKey(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

// One-shot hashing (Node 20.12+) costs a third of a Hash object, and every request hashes its key.
const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

/** SHA-256 of the key, hex. A 128-bit random key needs no salt or slow hash. */
export function hashApiKey(key: string): string {
  return oneShotHash ? oneShotHash('sha256', key, 'hex') : createHash('sha256').update(key).digest('hex');
}

/** A presented key's SHA-256, as the hex the store indexes and the bytes a constant-time comparison takes. */
export interface KeyDigest {
  hex: string;
  bytes: Buffer;
}

/**
 * Bytes kept beyond the request, in an allocation of their own: a small Buffer.from() is a slice
 * of Node's shared 8 KB pool, and keeping the slice keeps the whole 8 KB alive.
 */
export function ownedBytes(text: string, encoding: 'hex' | 'latin1'): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, encoding));
  bytes.write(text, encoding);
  return bytes;
}

/** The digest of a presented key, or null when it is not of the key form. */
export function digestApiKey(presented: string): KeyDigest | null {
  if (!isWellFormedApiKey(presented)) return null;
  const hex = hashApiKey(presented);
  return { hex, bytes: ownedBytes(hex, 'hex') };
}

/** The part of a key that is safe to show in lists ("svc_live_1a2b"). */
export function displayPrefix(key: string): string {
  return key.slice(0, PREFIX_LENGTH);
}

/** Constant-time comparison of two byte strings (digests, keys); only a difference in length shows. */
export function sameBytes(left: Buffer, right: Buffer): boolean {
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  return sameBytes(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}
