import type { TestDaemon } from './daemon.js';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** A call to any daemon path (not only /container/<id>), with an API key or an OAuth bearer token. */
export async function api(d: TestDaemon, method: string, path: string, o: { key?: string; token?: string; body?: unknown; form?: Record<string, string> } = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  if (o.key) headers['x-api-key'] = o.key;
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  let body: string | undefined;
  if (o.form) {
    body = new URLSearchParams(o.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${d.url}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* keep text */
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

/** Adds a user with a role in an organization (`svc admin user add`). */
export async function addUser(d: TestDaemon, email: string, role: 'owner' | 'admin' | 'member', org = 'acme'): Promise<string> {
  const r = await d.admin<{ userId: string }>(['user', 'add', '--org', org, '--email', email, '--password', 'correct horse', '--role', role]);
  return r.userId;
}

/** An account key (org-wide) for a user: created by the user through the API with a throwaway owner key. */
export async function accountKeyFor(d: TestDaemon, org = 'acme'): Promise<string> {
  const r = await d.admin<{ key: string }>(['key', 'create', '--org', org, '--name', `account-${Math.random().toString(36).slice(2, 8)}`]);
  return r.key;
}
