import { permits, resolveContainerAccess } from '../access/container-access.js';
import type { Principal } from '../access/principal.js';
import type { Stores } from '../../store/types.js';
import { BadRequest, Forbidden, NotFound } from '../errors.js';
import { DOWNLOAD_URL_TTL_SECONDS, signDownloadPath } from './signed-url.js';

/** The answer to reading a file's `svc://` URI: where to fetch the original bytes, until when. */
export interface FileResource {
  uri: string;
  containerId: string;
  fileId: string;
  name: string;
  mimeType: string;
  size: number;
  /** Absolute, signed, expiring download URL; needs no credential while valid. */
  url: string;
  /** ISO 8601. */
  expiresAt: string;
  expiresIn: number;
}

export interface FileResourceEnv {
  stores: Stores;
  principal: Principal;
  /** Public base URL of the daemon (no trailing slash). */
  baseUrl: string;
  now?: number;
}

const FILE_URI = /^svc:\/\/([^/?#]+)\/files\/([^/?#]+)$/;

/** `svc://<containerId>/files/<fileId>`: the URI a file composite's `resource_link` carries. */
export function fileResourceUri(containerId: string, fileId: string): string {
  return `svc://${containerId}/files/${fileId}`;
}

/**
 * Resolves a file URI (spec § svc_explore get: `resources/read` on the resource_link yields a signed download
 * URL) for a caller with read access to the file's container. For the MCP `resources/read` handler and
 * `GET /container/:id/files/:fileId/url`.
 */
export async function resolveFileResource(env: FileResourceEnv, uri: string): Promise<FileResource> {
  const m = FILE_URI.exec(uri);
  if (!m) throw new BadRequest(`Not a file URI: ${uri} (expected svc://<containerId>/files/<fileId>)`);
  const containerId = decodeURIComponent(m[1]);
  const fileId = decodeURIComponent(m[2]);
  const access = await resolveContainerAccess(env.stores.control, env.principal, containerId);
  if (!permits(access.permission, 'read')) throw new Forbidden('Reading files needs read access to this container');
  const file = await (await env.stores.container(containerId)).files.get(fileId);
  if (!file) throw new NotFound(`File ${fileId} not found`);
  const now = env.now ?? Date.now();
  const expires = Math.floor(now / 1000) + DOWNLOAD_URL_TTL_SECONDS;
  return {
    uri: fileResourceUri(containerId, fileId),
    containerId,
    fileId,
    name: file.name,
    mimeType: file.mimeType,
    size: file.size,
    url: `${env.baseUrl.replace(/\/$/, '')}${signDownloadPath(env.stores.dataDir, containerId, fileId, expires)}`,
    expiresAt: new Date(expires * 1000).toISOString(),
    expiresIn: DOWNLOAD_URL_TTL_SECONDS,
  };
}
