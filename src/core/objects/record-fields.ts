import { BadRequest } from '../errors.js';

/** Column names every object table has; a record field may not take them (spec § svc_query tables). */
export const SYSTEM_COLUMNS = ['_entry_id', '_source'] as const;
export const MAX_FIELD_NAME_LENGTH = 128;
/** Fields one record may carry; also the most columns an object table grows to (SQLite allows 2000). */
export const MAX_FIELDS_PER_RECORD = 200;
export const MAX_COLUMNS_PER_OBJECT = 500;

/**
 * The queryable values of an object write: `fields` when given, otherwise the keys of an object `content`
 * (spec § svc_write `fields`). Field names become SQL columns, so they are checked here.
 */
export function recordFields(content: unknown, fields: Record<string, unknown> | undefined): Record<string, unknown> {
  const values = fields ?? (content !== null && typeof content === 'object' && !Array.isArray(content) ? (content as Record<string, unknown>) : {});
  // A row without a value would be invisible in the `fields` catalog ("no rows means no objects").
  if (!Object.values(values).some((v) => v !== null && v !== undefined)) {
    throw new BadRequest('An object record needs at least one non-null field: send `fields`, or an object as `content`');
  }
  const names = Object.keys(values);
  if (names.length > MAX_FIELDS_PER_RECORD) throw new BadRequest(`An object record carries at most ${MAX_FIELDS_PER_RECORD} fields; this one has ${names.length}`);
  const seen = new Map<string, string>();
  for (const name of names) {
    if (name.trim() === '') throw new BadRequest('Object field names must not be empty');
    if (/[\u0000-\u001f\u007f]/.test(name)) throw new BadRequest(`Object field name ${JSON.stringify(name)} contains control characters`);
    if (name.length > MAX_FIELD_NAME_LENGTH) throw new BadRequest(`Object field name "${name.slice(0, 40)}…" is longer than ${MAX_FIELD_NAME_LENGTH} characters`);
    const folded = name.toLowerCase();
    if ((SYSTEM_COLUMNS as readonly string[]).includes(folded)) {
      throw new BadRequest(`Object field name "${name}" is reserved (every object table has _entry_id and _source columns)`);
    }
    // SQL column names ignore case, so two keys differing only in case would be one column.
    const clash = seen.get(folded);
    if (clash !== undefined) throw new BadRequest(`Object fields "${clash}" and "${name}" differ only in case; SQL columns ignore case`);
    seen.set(folded, name);
  }
  return values;
}
