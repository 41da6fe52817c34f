import type { UserRecord } from '../../store/types.js';
import { esc } from '../web/html.js';

const STYLE = `
*{box-sizing:border-box}
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fafafa}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:2}
header{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:.6rem 1.5rem;background:#1e293b;color:#fff}
header a{color:#fff}header nav a{margin-right:1rem}.brand{display:flex;gap:1.5rem;align-items:center}
header details{position:relative}header summary{cursor:pointer;padding:.3rem .6rem;border:1px solid #94a3b8;border-radius:4px}
header details ul{position:absolute;right:0;list-style:none;margin:.3rem 0 0;padding:.5rem;background:#fff;border:1px solid #cbd5e1;border-radius:4px;min-width:12rem;z-index:1}
header details ul a{color:#1a56db}header details li{margin:.3rem 0}
main{max-width:64rem;margin:1.5rem auto;padding:0 1.5rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:0 0 .6rem}
section{background:#fff;border:1px solid #e2e8f0;border-radius:6px;padding:1rem 1.2rem;margin:0 0 1.2rem}
table{border-collapse:collapse;width:100%;font-size:.95rem}caption{text-align:left;font-weight:600;padding:.3rem 0}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #e2e8f0;vertical-align:middle}
label{display:block;margin:.5rem 0 .2rem;font-weight:600}
input,select{padding:.45rem;font:inherit;border:1px solid #767676;border-radius:4px;max-width:100%}
input[type=text],input[type=email],input[type=password]{width:22rem}
button{font:inherit;padding:.35rem .9rem;border-radius:4px;border:1px solid #1a1a1a;background:#fff;cursor:pointer}
button.primary{background:#1a56db;color:#fff;border-color:#1a56db}button.danger{color:#b91c1c;border-color:#b91c1c}
form.inline{display:inline;margin:0 .2rem 0 0}.row{display:flex;gap:1rem;align-items:flex-end;flex-wrap:wrap}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.error{background:#fde8e8;border:1px solid #c81e1e;padding:.6rem;border-radius:4px}
.notice{background:#e7f5ec;border:1px solid #15803d;padding:.6rem;border-radius:4px}
.secret{display:block;font:1rem ui-monospace,monospace;background:#fef9c3;border:1px solid #ca8a04;padding:.6rem;border-radius:4px;word-break:break-all}
.badge{display:inline-block;font-size:.8rem;padding:0 .45rem;border-radius:999px;border:1px solid #64748b}
.on{color:#15803d;font-weight:600}.off{color:#64748b}.muted{color:#475569}
.narrow{max-width:30rem}td.actions{white-space:nowrap}
code{font-family:ui-monospace,monospace;background:#f1f5f9;padding:0 .25rem;border-radius:3px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1.2rem;margin:0 0 .8rem}dt{font-weight:600}dd{margin:0}`;

export interface PageOptions {
  user?: UserRecord | null;
  csrf?: string;
  notice?: string;
  error?: string;
}

/** The form fields every POST carries: the double-submit CSRF token. */
export const csrfField = (csrf: string) => `<input type="hidden" name="csrf" value="${esc(csrf)}">`;

/**
 * A dashboard page: a skip link, a header with the main navigation and the user menu (a native
 * <details> disclosure, so it opens from the keyboard without any script), and one main landmark.
 */
export function dashboardPage(title: string, body: string, o: PageOptions = {}): string {
  const nav = o.user ? `<nav aria-label="Main"><a href="/dashboard">Containers</a><a href="/dashboard/account">Account keys</a></nav>` : '';
  const menu = o.user
    ? `<details><summary>${esc(o.user.email)}</summary><ul aria-label="User menu">
<li><a href="/dashboard/account">Account keys</a></li>
<li><form method="post" action="/dashboard/signout">${csrfField(o.csrf ?? '')}<button type="submit">Sign out</button></form></li>
</ul></details>`
    : '';
  const alerts = `${o.notice ? `<p class="notice" role="status">${esc(o.notice)}</p>` : ''}${o.error ? `<p class="error" role="alert" id="form-error">${esc(o.error)}</p>` : ''}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)} · svc</title><style>${STYLE}</style></head>
<body><a class="skip" href="#main">Skip to content</a><header><div class="brand"><a href="/dashboard"><strong>svc</strong></a>${nav}</div>${menu}</header>
<main id="main" tabindex="-1"><h1>${esc(title)}</h1>${alerts}${body}</main></body></html>`;
}

const when = (iso: string | null) => (iso ? `<time datetime="${esc(iso)}">${esc(iso.replace('T', ' ').slice(0, 16))} UTC</time>` : '');
export { when };
