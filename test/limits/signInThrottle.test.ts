import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_ATTEMPTS_PER_ADDRESS,
  SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS,
  SIGN_IN_MAX_TRACKED,
  SIGN_IN_WINDOW_SECONDS,
  SignInThrottle,
} from '../../src/limits/signInThrottle.js';

/** Issue 19, finding 1: a fresh email per attempt grew the heap without bound. */
describe('sign-in throttle memory', () => {
  it('holds at most one address window plus its allowed email windows for a flood of fresh emails from one address', () => {
    const throttle = new SignInThrottle();
    let allowed = 0;
    for (let i = 0; i < 10_000; i++) if (throttle.attempt(`flood${i}@example.com`, '203.0.113.1') === 0) allowed++;
    expect(allowed).toBe(SIGN_IN_ATTEMPTS_PER_ADDRESS);
    expect(throttle.tracked).toBe(SIGN_IN_ATTEMPTS_PER_ADDRESS + 1);
  });

  it('never holds more than the hard cap, whatever the number of addresses', () => {
    const throttle = new SignInThrottle({ maxTracked: 1000 });
    for (let i = 0; i < 50_000; i++) throttle.attempt(`flood${i}@example.com`, `2001:db8::${i.toString(16)}`);
    expect(throttle.tracked).toBeLessThanOrEqual(2000);
    expect(SIGN_IN_MAX_TRACKED).toBeLessThanOrEqual(20_000);
  });

  it('still refuses the 11th attempt at one email from one address, and forgets it after the window', () => {
    let now = 1_700_000_000_000;
    const throttle = new SignInThrottle({ now: () => now });
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS; i++) expect(throttle.attempt('owner@example.com', '198.51.100.7')).toBe(0);
    expect(throttle.attempt('Owner@example.com ', '198.51.100.7')).toBe(SIGN_IN_WINDOW_SECONDS);
    // The same email from elsewhere is not locked out.
    expect(throttle.attempt('owner@example.com', '198.51.100.8')).toBe(0);
    now += SIGN_IN_WINDOW_SECONDS * 1000;
    expect(throttle.attempt('owner@example.com', '198.51.100.7')).toBe(0);
  });
});
