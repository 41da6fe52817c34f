import type { SignInThrottle } from '../sign-in-throttle.js';
import type { ControlStore } from '../../store/types.js';
import type { SigningKey } from './signing-key.js';

/** What every OAuth operation needs: the store, the signing key and the issuer (the daemon's base URL). */
export interface OAuthServerContext {
  control: ControlStore;
  key: SigningKey;
  /** Issuer identifier and base of every resource URL; known only once the daemon listens. */
  issuer(): string;
  now(): number;
  /** Shared with the dashboard and claim pages, so password guesses count once across every sign-in form. */
  signInThrottle?: SignInThrottle;
}
