import type { EntryRecord } from '../../store/types.js';
import { fileResourceUri } from './resource.js';

export interface ResourceLink {
  uri: string;
  name: string;
  mimeType?: string;
}

/**
 * The `resource_link` a file composite carries (spec § svc_explore get, § svc_navigate source): its
 * `svc://<containerId>/files/<fileId>` URI; null for any other entry. Read it with resolveFileResource.
 */
export function fileResourceLink(containerId: string, entry: EntryRecord): ResourceLink | null {
  if (entry.kind !== 'composite' || entry.compositeType !== 'file' || typeof entry.properties.fileId !== 'string') return null;
  return {
    uri: fileResourceUri(containerId, entry.properties.fileId),
    name: String(entry.properties.fileName ?? entry.properties.fileId),
    ...(typeof entry.properties.mimeType === 'string' ? { mimeType: entry.properties.mimeType } : {}),
  };
}
