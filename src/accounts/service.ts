import type { Config, PlanName } from '../config.js';
import { ApiError } from '../errors.js';
import { displayPrefix, generateApiKey, hashApiKey, isWellFormedApiKey, sameHash } from './apiKeys.js';
import type { Account, AccountStore, ApiKeyRecord, KeyLookup } from './store.js';

/** How often a key's last-used time is written, at most: a write per request would cost more than the request. */
const TOUCH_INTERVAL_MS = 60_000;

export interface CreatedKey {
  record: ApiKeyRecord;
  account: Account;
  /** The only time the plaintext exists outside the caller's hands. */
  plaintext: string;
}

/** Account and key rules (plan key counts, key format, revocation) over any AccountStore. */
export class AccountService {
  private readonly lastTouched = new Map<number, number>();

  constructor(
    readonly store: AccountStore,
    private readonly plans: Config['plans'],
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createAccount(input: { email: string | null; name: string; plan: PlanName }): Promise<Account> {
    return this.store.createAccount(input);
  }

  /** The account with this email, created on the given plan when there is none. */
  async accountForEmail(email: string, plan: PlanName): Promise<Account> {
    return (await this.store.findAccountByEmail(email)) ?? this.store.createAccount({ email, name: email, plan });
  }

  async createKey(account: Account, name: string): Promise<CreatedKey> {
    const allowed = this.plans[account.plan].keys;
    const active = await this.store.countActiveKeys(account.id);
    if (active >= allowed) {
      throw new ApiError(
        'plan_limit_reached',
        `the ${account.plan} plan allows ${allowed} active key${allowed === 1 ? '' : 's'} and this account has ${active}: revoke one or move to a larger plan`,
      );
    }
    const plaintext = generateApiKey();
    const record = await this.store.insertKey({
      accountId: account.id,
      name,
      prefix: displayPrefix(plaintext),
      keyHash: hashApiKey(plaintext),
      createdAt: this.now().toISOString(),
    });
    return { record, account, plaintext };
  }

  /**
   * Resolves a presented key to its account or throws the 401 that fits. A malformed key is
   * refused before any lookup; the stored hash is compared in constant time.
   */
  async authenticate(presented: string | undefined): Promise<KeyLookup> {
    if (presented === undefined || presented === '') {
      throw new ApiError('missing_api_key', 'send your API key in the x-api-key header');
    }
    if (!isWellFormedApiKey(presented)) {
      throw new ApiError('invalid_api_key', 'the API key is not of the form svc_live_ followed by 32 lowercase hex characters');
    }
    const hash = hashApiKey(presented);
    const found = await this.store.findKeyByHash(hash);
    if (!found || !sameHash(found.key.keyHash, hash)) {
      throw new ApiError('invalid_api_key', 'the API key is not known: check it, or create a new one');
    }
    if (found.key.revokedAt !== null) {
      throw new ApiError('revoked_api_key', `the API key was revoked at ${found.key.revokedAt}: create a new one`);
    }
    const now = this.now().getTime();
    if (now - (this.lastTouched.get(found.key.id) ?? 0) >= TOUCH_INTERVAL_MS) {
      this.lastTouched.set(found.key.id, now);
      await this.store.touchKey(found.key.id, new Date(now).toISOString());
    }
    return found;
  }

  /** Revokes by plaintext key; false when it is unknown or already revoked. */
  async revokeKey(plaintext: string): Promise<boolean> {
    if (!isWellFormedApiKey(plaintext)) return false;
    return this.store.revokeKey(hashApiKey(plaintext), this.now().toISOString());
  }

  async hasActiveKey(): Promise<boolean> {
    return (await this.store.listKeys()).some((k) => k.revokedAt === null);
  }
}
