import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('trusts no proxy by default, and any or listed proxies when asked', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ LARDER_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ LARDER_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ LARDER_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('refuses a key revalidation window over one second', () => {
    expect(() => loadConfig({ LARDER_KEY_REVALIDATE_MS: '1001' })).toThrow(ConfigError);
    expect(loadConfig({ LARDER_KEY_REVALIDATE_MS: '0' }).keyRevalidateMs).toBe(0);
  });
});
