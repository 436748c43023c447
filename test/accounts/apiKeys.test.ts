import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digestApiKey, generateApiKey, hashApiKey, ownedBytes, sameBytes } from '../../src/accounts/apiKeys.js';

describe('API key digests', () => {
  it('digests a well-formed key as its SHA-256, hex and bytes alike', () => {
    const key = generateApiKey();
    const digest = digestApiKey(key)!;
    const expected = createHash('sha256').update(key).digest();
    expect(digest.hex).toBe(expected.toString('hex'));
    expect(digest.hex).toBe(hashApiKey(key));
    expect(digest.bytes.equals(expected)).toBe(true);
  });

  it('refuses what is not of the key form, lookalike characters included', () => {
    const key = 'svc_live_0123456789abcdef0123456789abcdef';
    expect(digestApiKey(key)).not.toBeNull();
    for (const bad of ['', key.toUpperCase(), `${key}0`, key.slice(0, -1), ` ${key}`, key.replace('a', '\u0161')]) {
      expect(digestApiKey(bad)).toBeNull();
    }
  });

  it('keeps the bytes it returns in an allocation of their own, not a slice of the shared pool', () => {
    const digest = digestApiKey(generateApiKey())!;
    expect(digest.bytes.buffer.byteLength).toBe(32);
    const owned = ownedBytes('svc_live_0123456789abcdef0123456789abcdef', 'latin1');
    expect(owned.buffer.byteLength).toBe(41);
    expect(owned.toString('latin1')).toBe('svc_live_0123456789abcdef0123456789abcdef');
  });

  it('compares byte strings by content and length', () => {
    const a = ownedBytes('00ff', 'hex');
    expect(sameBytes(a, Buffer.from([0x00, 0xff]))).toBe(true);
    expect(sameBytes(a, Buffer.from([0x00, 0xfe]))).toBe(false);
    expect(sameBytes(a, Buffer.from([0x00, 0xff, 0x00]))).toBe(false);
  });
});
