import { describe, expect, it } from 'vitest';
import { assertCanChangeSettings } from '../../src/core/access/can-change-settings.js';
import type { ContainerAccess } from '../../src/core/access/container-access.js';
import { Forbidden } from '../../src/core/errors.js';
import { safeNext } from '../../src/server/dashboard/dashboard-routes.js';
import { noticeFor } from '../../src/server/dashboard/notices.js';
import { setCookie } from '../../src/server/web/cookies.js';

describe('where the dashboard continues after sign-in (no open redirect)', () => {
  it.each([
    ['/dashboard/containers/abc', '/dashboard/containers/abc'],
    ['/claim/AbC_-123', '/claim/AbC_-123'],
    ['/dashboard', '/dashboard'],
    ['https://evil.example/', '/dashboard'],
    ['//evil.example/dashboard', '/dashboard'],
    ['/dashboard\\@evil', '/dashboard'],
    ['/oauth/authorize', '/dashboard'],
    [null, '/dashboard'],
  ])('%s → %s', (input, expected) => {
    expect(safeNext(input)).toBe(expected);
  });
});

describe('notices after a redirect', () => {
  it('shows only the known messages, never text from the link', () => {
    expect(noticeFor('paused')).toMatch(/paused/);
    expect(noticeFor('<script>')).toBeUndefined();
    expect(noticeFor('toString')).toBeUndefined();
  });
});

describe('who may change visibility, cadence and pause', () => {
  const access = (permission: 'read' | 'editor' | 'admin', visitor = false): ContainerAccess =>
    ({ container: {} as never, permission, visitor, orgRole: visitor ? null : 'member' });
  it('container admins may; editors, readers and visitors may not', () => {
    expect(() => assertCanChangeSettings(access('admin'))).not.toThrow();
    expect(() => assertCanChangeSettings(access('editor'))).toThrow(Forbidden);
    expect(() => assertCanChangeSettings(access('read'))).toThrow(Forbidden);
    expect(() => assertCanChangeSettings(access('read', true))).toThrow(Forbidden);
  });
});

describe('cookie path', () => {
  it('stays /oauth by default and takes the dashboard path when given', () => {
    expect(setCookie('a', 'b', { sameSite: 'Lax', secure: false })).toContain('Path=/oauth;');
    expect(setCookie('a', 'b', { sameSite: 'Lax', secure: true, path: '/' })).toBe('a=b; Path=/; HttpOnly; SameSite=Lax; Secure');
  });
});
