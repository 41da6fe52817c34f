import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackResult {
  params: URLSearchParams;
}

const DONE_PAGE = (ok: boolean, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>svc login</title></head><body><main><h1>${ok ? 'Signed in' : 'Sign-in failed'}</h1><p>${text}</p></main></body></html>`;

/**
 * The redirect target of `svc login` (RFC 8252 § 7.3): a one-shot HTTP listener on 127.0.0.1 with a port
 * chosen by the OS. It answers the browser and hands the query (code or error, state, iss) to the CLI.
 */
export async function startLoopback(): Promise<{ redirectUri: string; wait(timeoutMs: number): Promise<LoopbackResult>; close(): void }> {
  let deliver!: (r: LoopbackResult) => void;
  const got = new Promise<LoopbackResult>((res) => (deliver = res));
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    const ok = url.searchParams.has('code');
    const text = ok ? 'You can close this tab and return to the terminal.' : `The server answered: ${url.searchParams.get('error') ?? 'no code'}. Return to the terminal.`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(DONE_PAGE(ok, text));
    deliver({ params: url.searchParams });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const close = () => {
    server.close();
    server.closeAllConnections();
  };
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    close,
    async wait(timeoutMs: number) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_r, reject) => {
        timer = setTimeout(() => reject(new Error(`No answer from the browser within ${Math.round(timeoutMs / 1000)} s; run \`svc login\` again`)), timeoutMs);
      });
      try {
        return await Promise.race([got, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
