import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt parameters (N=2^15, r=8, p=1: about 32 MiB and tens of milliseconds per hash). */
const N = 32768;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r, p, maxmem: 128 * n * r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url), so the parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

type Zxcvbn = import('@zxcvbn-ts/core').ZxcvbnFactory;

/** Lowest zxcvbn score accepted (0-4; 3 is "safely unguessable: moderate protection from offline attacks"). */
export const MIN_PASSWORD_SCORE = 3;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/**
 * The sign-up password rule: 10 to 200 characters, no control characters, and a zxcvbn
 * strength score of at least 3 against its dictionaries (common passwords, names, words,
 * keyboard patterns, repeats and sequences) and the account's email, so ten spaces,
 * `password123` or `1234567890` are refused whatever their length. The dictionaries load on
 * the first check, not at start-up.
 */
export class PasswordPolicy {
  private checker: Promise<Zxcvbn> | null = null;

  private load(): Promise<Zxcvbn> {
    return (this.checker ??= (async () => {
      const [{ ZxcvbnFactory }, common] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]);
      return new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
    })());
  }

  /** Why the password is refused, in words for the person choosing it; null when it is accepted. */
  async problem(password: string, userInputs: string[] = []): Promise<string | null> {
    if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
      return `Choose a password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;
    }
    if (/[\u0000-\u001f\u007f]/.test(password)) return 'A password cannot contain control characters.';
    const result = (await this.load()).check(password, userInputs);
    if (result.score >= MIN_PASSWORD_SCORE) return null;
    return 'That password is too easy to guess (a common password, word, name, repeat, sequence or keyboard pattern): add more unrelated words.';
  }
}
