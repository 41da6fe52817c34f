import type { ServerResponse } from 'node:http';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and quoted attribute values. */
export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.4rem}label{display:block;margin:.8rem 0 .2rem;font-weight:600}
input{width:100%;padding:.5rem;font:inherit;box-sizing:border-box;border:1px solid #767676;border-radius:4px}
button{font:inherit;padding:.5rem 1.2rem;margin:1rem .5rem 0 0;border-radius:4px;border:1px solid #1a1a1a;cursor:pointer}
button.primary{background:#1a56db;color:#fff;border-color:#1a56db}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.error{background:#fde8e8;border:1px solid #c81e1e;padding:.6rem;border-radius:4px}
ul{padding-left:1.2rem}code{background:#f3f4f6;padding:0 .2rem}`;

/** A complete, accessible page: language, title, one main landmark. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)} · svc</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * Sends a server-rendered page. Framing is refused (clickjacking on the consent page) and nothing is
 * cached; no scripts run at all.
 */
export function sendHtml(res: ServerResponse, status: number, html: string, headers: Record<string, string | string[]> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string, headers: Record<string, string | string[]> = {}): void {
  res.writeHead(303, { location, 'cache-control': 'no-store', 'content-length': 0, ...headers });
  res.end();
}
