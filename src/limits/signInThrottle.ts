import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** Sign-in attempts allowed per email from one address, and per address, in one window. */
export const SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS = 10;
export const SIGN_IN_ATTEMPTS_PER_ADDRESS = 50;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

/**
 * Slows password guessing on the dashboard. Each attempt takes a point before the password
 * is checked, so parallel guesses cannot all pass while the first ones are being verified;
 * a successful sign-in gives its points back. Past 10 attempts at one email from one address
 * (or 50 from one address) in the window, sign-in is refused for the rest of it, even with
 * the right password, so a refusal tells a guesser nothing. The email is counted per address
 * so that nobody can lock an owner out by failing at their email from elsewhere. Counted per
 * process: N instances give N times the budget, still far too little to guess a password of
 * the length sign-up requires.
 */
export class SignInThrottle {
  private readonly byEmail = new RateLimiterMemory({ points: SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS, duration: SIGN_IN_WINDOW_SECONDS });
  private readonly byAddress = new RateLimiterMemory({ points: SIGN_IN_ATTEMPTS_PER_ADDRESS, duration: SIGN_IN_WINDOW_SECONDS });

  private static emailKey(email: string, address: string): string {
    return `${email.trim().toLowerCase()}|${address}`;
  }

  /** Takes one attempt: 0 when it may proceed, else the seconds until it may. */
  async attempt(email: string, address: string): Promise<number> {
    const emailKey = SignInThrottle.emailKey(email, address);
    const [byEmail, byAddress] = await Promise.all([take(this.byEmail, emailKey), take(this.byAddress, address)]);
    if (byEmail === 0 && byAddress === 0) return 0;
    // A refused attempt is not an attempt: give back the point the other window took.
    await Promise.all([this.byEmail.reward(emailKey, 1), this.byAddress.reward(address, 1)]);
    return Math.max(1, Math.ceil(Math.max(byEmail, byAddress) / 1000));
  }

  /** The right password: its attempts no longer count against the email or the address. */
  async succeeded(email: string, address: string): Promise<void> {
    await Promise.all([this.byEmail.delete(SignInThrottle.emailKey(email, address)), this.byAddress.reward(address, 1)]);
  }
}

/** Consumes a point; 0 when allowed, else milliseconds until the window resets. */
async function take(limiter: RateLimiterMemory, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (err) {
    if (err instanceof RateLimiterRes) return Math.max(1, err.msBeforeNext);
    throw err;
  }
}
