import type { ControlStore, UserRecord } from '../store/types.js';
import { WEB_SESSION_TTL_MS } from './oauth/lifetimes.js';
import { hashOpaqueToken, newOpaqueToken } from './oauth/opaque-token.js';
import { verifyPassword } from './passwords.js';

/** Checks email and password; null when either is wrong (the caller says so without telling which). */
export async function checkPassword(control: ControlStore, email: string, password: string): Promise<UserRecord | null> {
  const user = await control.getUserByEmail(email.trim());
  if (!user?.passwordHash) return null;
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

/** Starts a browser session; the returned value goes into an HttpOnly cookie, only its hash is stored. */
export async function startWebSession(control: ControlStore, userId: string, now = Date.now()): Promise<string> {
  const value = newOpaqueToken();
  await control.createWebSession({ idHash: hashOpaqueToken(value), userId, expiresAt: now + WEB_SESSION_TTL_MS });
  return value;
}

export async function webSessionUser(control: ControlStore, cookieValue: string | undefined, now = Date.now()): Promise<UserRecord | null> {
  if (!cookieValue) return null;
  const s = await control.getWebSession(hashOpaqueToken(cookieValue));
  if (!s || s.expiresAt <= now) return null;
  return control.getUser(s.userId);
}

export async function endWebSession(control: ControlStore, cookieValue: string | undefined): Promise<void> {
  if (cookieValue) await control.deleteWebSession(hashOpaqueToken(cookieValue));
}
