import { WindowCounter } from './windowCounter.js';

/** Sign-in attempts allowed per email from one address, and per address, in one window. */
export const SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS = 10;
export const SIGN_IN_ATTEMPTS_PER_ADDRESS = 50;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** Sign-up forms accepted from one address per hour (each creates at most one account). */
export const SIGN_UPS_PER_ADDRESS = 10;
export const SIGN_UP_WINDOW_SECONDS = 3600;
/** Most windows held per kind (each ~0.5 KB): a flood of fresh emails or addresses stays within a few MB. */
export const SIGN_IN_MAX_TRACKED = 20_000;

/**
 * Slows password guessing on the dashboard. Each attempt takes a point before the password
 * is checked, so parallel guesses cannot all pass while the first ones are being verified;
 * a successful sign-in gives its points back. Past 10 attempts at one email from one address
 * (or 50 from one address) in the window, sign-in is refused for the rest of it, even with
 * the right password, so a refusal tells a guesser nothing. The email is counted per address
 * so that nobody can lock an owner out by failing at their email from elsewhere. The address
 * is checked first and a refused attempt stores nothing for its email, so one address holds at
 * most 50 email windows; both kinds live in bounded LRUs (SIGN_IN_MAX_TRACKED). Counted per
 * process: N instances give N times the budget, still far too little to guess a password of
 * the strength sign-up requires.
 */
export class SignInThrottle {
  private readonly byEmail: WindowCounter;
  private readonly byAddress: WindowCounter;
  private readonly signUps: WindowCounter;

  constructor(options: { now?: () => number; maxTracked?: number } = {}) {
    const common = { windowMs: SIGN_IN_WINDOW_SECONDS * 1000, maxKeys: options.maxTracked ?? SIGN_IN_MAX_TRACKED, now: options.now };
    this.byEmail = new WindowCounter({ ...common, limit: SIGN_IN_ATTEMPTS_PER_EMAIL_AND_ADDRESS });
    this.byAddress = new WindowCounter({ ...common, limit: SIGN_IN_ATTEMPTS_PER_ADDRESS });
    this.signUps = new WindowCounter({ ...common, windowMs: SIGN_UP_WINDOW_SECONDS * 1000, limit: SIGN_UPS_PER_ADDRESS });
  }

  private static emailKey(email: string, address: string): string {
    return `${email.trim().toLowerCase()}|${address}`;
  }

  /** Takes one attempt: 0 when it may proceed, else the seconds until it may. */
  attempt(email: string, address: string): number {
    const byAddress = this.byAddress.take(address);
    if (byAddress > 0) return Math.ceil(byAddress / 1000);
    const emailKey = SignInThrottle.emailKey(email, address);
    const byEmail = this.byEmail.take(emailKey);
    if (byEmail === 0) return 0;
    // A refused attempt is not an attempt: give back the address's point.
    this.byAddress.give(address);
    return Math.ceil(byEmail / 1000);
  }

  /** The right password: its attempts no longer count against the email or the address. */
  succeeded(email: string, address: string): void {
    this.byEmail.forget(SignInThrottle.emailKey(email, address));
    this.byAddress.give(address);
  }

  /** Takes one sign-up from the address: 0 when it may proceed, else the seconds until it may. */
  signUpAttempt(address: string): number {
    return Math.ceil(this.signUps.take(address) / 1000);
  }

  /** Windows held (emails, addresses and sign-up addresses together). */
  get tracked(): number {
    return this.byEmail.size + this.byAddress.size + this.signUps.size;
  }
}
