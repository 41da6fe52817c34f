/** Longest stored name, in characters (most file systems stop at 255 bytes). */
const MAX_NAME_LENGTH = 200;

/**
 * The display name of an upload. The name is only ever shown and used to choose an extractor; bytes are
 * stored under the file id, so a hostile name (`../../etc/passwd`, control characters, NUL) cannot reach
 * the file system. Directory parts are dropped, control characters removed, and leading dots stripped.
 */
export function sanitizeFileName(raw: string | undefined | null): string {
  let name = String(raw ?? '');
  name = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  name = name.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '');
  name = name.replace(/^[.\s]+/, '').trim();
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name = name.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
  }
  return name || 'upload';
}

/** Lower-case extension without the dot, or '' (the extension drives processing for text types). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
