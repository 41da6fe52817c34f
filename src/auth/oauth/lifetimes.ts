// spec § Limits: access token 7 days, refresh token 90 days.
export const ACCESS_TOKEN_TTL_S = 7 * 24 * 3600;
export const REFRESH_TOKEN_TTL_MS = 90 * 24 * 3600 * 1000;
/** Authorization codes are exchanged by the client right away; RFC 6749 § 4.1.2 recommends at most 10 minutes. */
export const AUTH_CODE_TTL_MS = 60 * 1000;
/** A browser stays signed in to the consent page for a day. */
export const WEB_SESSION_TTL_MS = 24 * 3600 * 1000;
/** The one scope the spec shows (spec § OAuth 2.1 rule 3). */
export const SUPPORTED_SCOPES = ['containers:read'] as const;
