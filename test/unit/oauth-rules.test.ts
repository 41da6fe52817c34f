import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OAuthError } from '../../src/auth/oauth/oauth-error.js';
import { checkChallenge, verifierMatches } from '../../src/auth/oauth/pkce.js';
import { redirectUriMatches, redirectUriProblem } from '../../src/auth/oauth/redirect-uri.js';
import { audienceTarget, parseResource, requestTarget } from '../../src/auth/oauth/resource.js';

const BASE = 'http://127.0.0.1:7700';

describe('resource indicators (RFC 8707)', () => {
  it.each([
    [BASE, { kind: 'service' }],
    [`${BASE}/`, { kind: 'service' }],
    [`${BASE}/container/abc`, { kind: 'container', containerId: 'abc' }],
    [`${BASE}/container/abc/`, { kind: 'container', containerId: 'abc' }],
    [`${BASE}/container/abc/mcp`, { kind: 'container', containerId: 'abc' }],
    [`${BASE}/mcp/abc`, { kind: 'container', containerId: 'abc' }],
    [`${BASE}/container/abc/tools/write`, null],
    [`${BASE}/container/abc?x=1`, null],
    [`${BASE}/container/abc#f`, null],
    ['http://127.0.0.1:7701/container/abc', null],
    ['https://127.0.0.1:7700/container/abc', null],
    ['not a url', null],
  ])('%s → %j', (resource, expected) => {
    expect(parseResource(BASE, resource)).toEqual(expected);
  });

  it('audience and request targets agree on the container', () => {
    expect(audienceTarget(`${BASE}/container/abc`)).toEqual({ kind: 'container', containerId: 'abc' });
    expect(requestTarget('/container/abc/tools/explore')).toEqual({ kind: 'container', containerId: 'abc' });
    expect(requestTarget('/mcp/abc')).toEqual({ kind: 'container', containerId: 'abc' });
    expect(requestTarget('/api/keys')).toEqual({ kind: 'service' });
  });
});

describe('redirect URIs', () => {
  it.each([
    ['https://app.example/cb', null],
    ['http://127.0.0.1/callback', null],
    ['http://localhost:3000/cb', null],
    ['http://[::1]/cb', null],
    ['cursor://anysphere.cursor/oauth', null],
    ['http://evil.example/cb', /loopback/],
    ['https://app.example/cb#frag', /fragment/],
    ['javascript:alert(1)', /not allowed/],
    ['data:text/html,hi', /not allowed/],
    ['/relative', /absolute/],
  ])('%s', (uri, problem) => {
    const p = redirectUriProblem(uri);
    if (problem === null) expect(p).toBeNull();
    else expect(p).toMatch(problem);
  });

  it('loopback redirects may change port, nothing else', () => {
    const reg = ['http://127.0.0.1/callback', 'https://app.example/cb'];
    expect(redirectUriMatches(reg, 'http://127.0.0.1:51234/callback')).toBe(true);
    expect(redirectUriMatches(reg, 'http://127.0.0.1:51234/other')).toBe(false);
    expect(redirectUriMatches(reg, 'http://localhost:51234/callback')).toBe(false);
    expect(redirectUriMatches(reg, 'https://app.example/cb')).toBe(true);
    expect(redirectUriMatches(reg, 'https://app.example:8443/cb')).toBe(false);
    expect(redirectUriMatches(reg, 'https://app.example/cb?x=1')).toBe(false);
  });
});

describe('PKCE (RFC 7636, S256 only)', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  it('matches the RFC 7636 appendix B example', () => {
    expect(challenge).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(verifierMatches(verifier, challenge)).toBe(true);
  });

  it.each([
    ['', 'too short'],
    ['a'.repeat(42), 'too short'],
    ['a'.repeat(129), 'too long'],
    [`${verifier.slice(0, -1)}!`, 'bad character'],
    [verifier.slice(0, -1) + 'Y', 'different verifier'],
  ])('refuses verifier %#: %s', (v) => {
    expect(verifierMatches(v, challenge)).toBe(false);
  });

  it.each([
    [null, 'S256', /required/],
    [challenge, null, /S256 is required/],
    [challenge, 'plain', /plain is not supported/],
    [challenge, 's256', /not supported/],
    ['x'.repeat(43) + '=', 'S256', /43 characters/],
  ])('refuses challenge %#', (c, m, message) => {
    expect(() => checkChallenge(c, m)).toThrow(OAuthError);
    expect(() => checkChallenge(c, m)).toThrow(message);
  });
});
