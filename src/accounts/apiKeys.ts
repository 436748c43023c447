import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** `svc_live_` then 32 lowercase hex characters (128 random bits). */
export const API_KEY_PATTERN = /^svc_live_[0-9a-f]{32}$/;
const PREFIX_LENGTH = 'svc_live_'.length + 4;

export function generateApiKey(): string {
  return `svc_live_${randomBytes(16).toString('hex')}`;
}

export function isWellFormedApiKey(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

/** SHA-256 of the key, hex. A 128-bit random key needs no salt or slow hash. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The part of a key that is safe to show in lists ("svc_live_1a2b"). */
export function displayPrefix(key: string): string {
  return key.slice(0, PREFIX_LENGTH);
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
