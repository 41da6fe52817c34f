import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Forbidden, NotFound } from '../../core/errors.js';
import { fileResourceUri, resolveFileResource } from '../../core/files/resource.js';
import { checkDownloadSignature } from '../../core/files/signed-url.js';
import { fileBytesPath } from '../../core/files/storage.js';
import type { Stores } from '../../store/types.js';
import { activeToolNames } from '../../tools/visibility.js';
import { resolveContainerAccess } from '../../core/access/container-access.js';
import { authenticateRequest, wwwAuthenticate } from '../authenticate-request.js';
import type { HttpRoutes } from '../http/route.js';
import { sendJson } from '../http/send.js';
import { errorResponse } from '../rest/error-envelope.js';

export interface FileRouteDeps {
  stores: Stores;
  baseUrl(): string;
  log(message: string, err?: unknown): void;
}

const SIGNED = /^\/files\/([^/]+)\/([^/]+)$/;
const URL_FOR = /^\/container\/([^/]+)\/files\/([^/]+)\/url$/;

/**
 * File download: `GET /container/:id/files/:fileId/url` (a credential with read access; answers the signed
 * link as `resolveFileResource` does for MCP `resources/read`), and `GET /files/:containerId/:fileId?expires&signature`
 * (the signed link itself: no credential, serves the original bytes with the detected type).
 */
export function fileRoutes(deps: FileRouteDeps): HttpRoutes {
  return {
    name: 'files',
    matches: (method, url) => method === 'GET' && (SIGNED.test(url.pathname) || URL_FOR.test(url.pathname)),
    async handle(req, res, url) {
      const urlFor = URL_FOR.exec(url.pathname);
      const resource = urlFor ? `/container/${decodeURIComponent(urlFor[1])}` : url.pathname;
      try {
        if (urlFor) await answerSignedUrl(deps, req, res, decodeURIComponent(urlFor[1]), decodeURIComponent(urlFor[2]));
        else {
          const [, c, f] = SIGNED.exec(url.pathname)!;
          await serveSigned(deps, res, decodeURIComponent(c), decodeURIComponent(f), url);
        }
      } catch (err) {
        const out = errorResponse(err, wwwAuthenticate(deps.baseUrl(), resource));
        if (out.status >= 500) deps.log(`GET ${url.pathname} failed`, err);
        if (!res.headersSent) sendJson(res, out.status, out.body, out.headers);
        else res.destroy();
      }
    },
  };
}

async function answerSignedUrl(deps: FileRouteDeps, req: IncomingMessage, res: ServerResponse, containerId: string, fileId: string): Promise<void> {
  const principal = await authenticateRequest(deps.stores.control, req);
  // Downloading follows listing: read access, and svc_files_list active on REST for this caller.
  const access = await resolveContainerAccess(deps.stores.control, principal, containerId);
  if (!(await activeToolNames(deps.stores.control, access, 'rest')).includes('svc_files_list')) {
    throw new NotFound('Tool svc_files_list is not enabled for the REST transport on this container');
  }
  const data = await resolveFileResource({ stores: deps.stores, principal, baseUrl: deps.baseUrl() }, fileResourceUri(containerId, fileId));
  sendJson(res, 200, { success: true, data });
}

async function serveSigned(deps: FileRouteDeps, res: ServerResponse, containerId: string, fileId: string, url: URL): Promise<void> {
  const check = checkDownloadSignature(deps.stores.dataDir, containerId, fileId, url.searchParams.get('expires'), url.searchParams.get('signature'), Date.now());
  if (check === 'invalid') throw new Forbidden('The download link is not valid');
  if (check === 'expired') throw new Forbidden('The download link has expired; ask for a new one');
  const container = await deps.stores.control.getContainer(containerId);
  if (!container) throw new NotFound(`File ${fileId} not found`);
  const file = await (await deps.stores.container(containerId)).files.get(fileId);
  if (!file) throw new NotFound(`File ${fileId} not found`);
  const stream = createReadStream(fileBytesPath(deps.stores.dataDir, containerId, fileId));
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', () => reject(new NotFound(`File ${fileId} not found`)));
  });
  res.writeHead(200, {
    'content-type': file.mimeType,
    'content-length': file.size,
    'content-disposition': contentDisposition(file.name),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });
  await pipeline(stream, res);
}

/** RFC 6266: an ASCII fallback name plus the exact UTF-8 name (RFC 5987 encoding). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
