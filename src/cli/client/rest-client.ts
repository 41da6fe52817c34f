import { request } from 'undici';
import { ClientError } from './client-error.js';

export interface ClientSettings {
  server: string;
  apiKey?: string;
  container?: string;
}

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
  async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    const url = new URL(`/container/${encodeURIComponent(this.containerId)}${path}`, this.settings.server);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.settings.apiKey) headers['x-api-key'] = this.settings.apiKey;
    let payload: string | undefined;
    if (body !== undefined && method !== 'GET') {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    let res;
    try {
      res = await request(url, { method, headers, body: payload });
    } catch (err) {
      throw new ClientError(0, null, (err as Error).message, this.settings.server);
    }
    const text = await res.body.text();
    let parsed: any = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      throw new ClientError(res.statusCode, null, `Unexpected non-JSON answer: ${text.slice(0, 200)}`, this.settings.server);
    }
    if (res.statusCode >= 200 && res.statusCode < 300 && parsed?.success === true) return parsed.data;
    if (parsed?.error && typeof parsed.error === 'object') {
      throw new ClientError(res.statusCode, parsed.error.code ?? null, parsed.error.message ?? 'Request failed', this.settings.server);
    }
    if (typeof parsed?.error === 'string') {
      throw new ClientError(res.statusCode, parsed.error, parsed.message ?? 'Request failed', this.settings.server);
    }
    throw new ClientError(res.statusCode, null, `Unexpected answer: ${text.slice(0, 200)}`, this.settings.server);
  }
}
