import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('trusts no proxy by default, and only listed proxies when asked (issue 19, finding 8)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ LARDER_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ LARDER_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ LARDER_TRUST_PROXY: 'loopback,fd00::/8' }).trustProxy).toEqual(['loopback', 'fd00::/8']);
    // "Any proxy" would let every client choose its address.
    expect(() => loadConfig({ LARDER_TRUST_PROXY: 'true' })).toThrow(/would believe X-Forwarded-For from any client/);
    expect(() => loadConfig({ LARDER_TRUST_PROXY: '0.0.0.0/0' })).toThrow(ConfigError);
    expect(() => loadConfig({ LARDER_TRUST_PROXY: '10.0.0.0/8, proxy.example' })).toThrow(/LARDER_TRUST_PROXY/);
  });

  it('refuses a key revalidation window over one second', () => {
    expect(() => loadConfig({ LARDER_KEY_REVALIDATE_MS: '1001' })).toThrow(ConfigError);
    expect(loadConfig({ LARDER_KEY_REVALIDATE_MS: '0' }).keyRevalidateMs).toBe(0);
  });
});
