import { RateLimiterMemory } from 'rate-limiter-flexible';

/** Failed sign-ins allowed per email, and per client address, in one window. */
export const SIGN_IN_FAILURES_PER_EMAIL = 10;
export const SIGN_IN_FAILURES_PER_ADDRESS = 50;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

/**
 * Slows password guessing on the dashboard: after too many failed sign-ins for one email (or
 * from one address) in the window, sign-in is refused for the rest of it, even with the
 * right password, so a refusal tells a guesser nothing. A success clears the email's count.
 * Counted per process: an attacker spread over N instances gets N times the budget, which is
 * still far too little to guess a password of the length sign-up requires.
 */
export class SignInThrottle {
  private readonly byEmail = new RateLimiterMemory({ points: SIGN_IN_FAILURES_PER_EMAIL, duration: SIGN_IN_WINDOW_SECONDS });
  private readonly byAddress = new RateLimiterMemory({ points: SIGN_IN_FAILURES_PER_ADDRESS, duration: SIGN_IN_WINDOW_SECONDS });

  /** Seconds until sign-in is allowed again for this email and address, or 0 when it is. */
  async retryAfterSeconds(email: string, address: string): Promise<number> {
    const [e, a] = await Promise.all([this.byEmail.get(email.toLowerCase()), this.byAddress.get(address)]);
    const waits = [
      e && e.consumedPoints >= SIGN_IN_FAILURES_PER_EMAIL ? e.msBeforeNext : 0,
      a && a.consumedPoints >= SIGN_IN_FAILURES_PER_ADDRESS ? a.msBeforeNext : 0,
    ];
    const ms = Math.max(...waits);
    return ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0;
  }

  async failed(email: string, address: string): Promise<void> {
    // A refusal past the limit is what RateLimiterMemory signals by rejecting: it is expected.
    await Promise.allSettled([this.byEmail.consume(email.toLowerCase()), this.byAddress.consume(address)]);
  }

  async succeeded(email: string): Promise<void> {
    await this.byEmail.delete(email.toLowerCase());
  }
}
