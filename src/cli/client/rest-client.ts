import { request } from 'undici';
import { ClientError } from './client-error.js';
import type { TokenSource } from './token-source.js';

export interface ClientSettings {
  server: string;
  apiKey?: string;
  container?: string;
  /** The `svc login` token, used when no API key is set. */
  tokens?: TokenSource;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the svc REST API and unwraps `{success, data}`; every failure becomes a ClientError. */
export class RestClient {
  constructor(private readonly settings: ClientSettings) {}

  get containerId(): string {
    if (!this.settings.container) {
      throw new ClientError(400, 'BAD_REQUEST', 'No container chosen: pass --container, set SVC_CONTAINER, or run `svc config set --container ID`', this.settings.server);
    }
    return this.settings.container;
  }

  /** `path` is relative to /container/<id>. */
  call(method: Method, path: string, body?: unknown): Promise<unknown> {
    return this.request(method, `/container/${encodeURIComponent(this.containerId)}${path}`, body);
  }

  /** Any path on the server (e.g. `/api/keys`). An expired OAuth token is refreshed once and the call retried. */
  async request(method: Method, path: string, body?: unknown): Promise<unknown> {
    const tokens = this.settings.apiKey ? undefined : this.settings.tokens;
    const first = await this.send(method, path, body, tokens ? await tokens.current() : undefined);
    if (first.status === 401 && tokens) return this.unwrap(await this.send(method, path, body, await tokens.refresh()));
    return this.unwrap(first);
  }

  private async send(method: Method, path: string, body: unknown, bearer: string | undefined): Promise<{ status: number; text: string }> {
    const url = new URL(path, this.settings.server);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.settings.apiKey) headers['x-api-key'] = this.settings.apiKey;
    else if (bearer) headers.authorization = `Bearer ${bearer}`;
    let payload: string | undefined;
    if (body !== undefined && method !== 'GET') {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    try {
      const res = await request(url, { method, headers, body: payload });
      return { status: res.statusCode, text: await res.body.text() };
    } catch (err) {
      throw new ClientError(0, null, (err as Error).message, this.settings.server);
    }
  }

  private unwrap({ status, text }: { status: number; text: string }): unknown {
    let parsed: any = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      throw new ClientError(status, null, `Unexpected non-JSON answer: ${text.slice(0, 200)}`, this.settings.server);
    }
    if (status >= 200 && status < 300 && parsed?.success === true) return parsed.data;
    if (parsed?.error && typeof parsed.error === 'object') {
      throw new ClientError(status, parsed.error.code ?? null, parsed.error.message ?? 'Request failed', this.settings.server);
    }
    if (typeof parsed?.error === 'string') {
      throw new ClientError(status, parsed.error, parsed.message ?? 'Request failed', this.settings.server);
    }
    throw new ClientError(status, null, `Unexpected answer: ${text.slice(0, 200)}`, this.settings.server);
  }
}
