import type { ObjectProfileRecord, ObjectProfileUpdate } from '../../store/types.js';
import { BadRequest } from '../errors.js';
import { typeOfValue, widenType } from './field-types.js';
import { MAX_COLUMNS_PER_OBJECT } from './record-fields.js';

export interface ProfilePlan {
  update: ObjectProfileUpdate;
  /** Record keys a declared schema does not define (spec § svc_write result `unknownFields`). */
  unknownFields?: string[];
}

/**
 * How one record changes its (object, source) profile. An accreted profile takes every non-null field and
 * widens its type; a declared profile keeps its own fields and types and reports the keys outside it.
 */
export function planProfileUpdate(
  object: string,
  source: string,
  objectProfiles: ObjectProfileRecord[],
  values: Record<string, unknown>,
): ProfilePlan {
  const profile = objectProfiles.find((p) => p.source === source);
  if (profile?.mode === 'declared') {
    const declared = new Map(profile.fields.map((f) => [f.name.toLowerCase(), f]));
    const fields = Object.entries(values)
      .filter(([k, v]) => declared.has(k.toLowerCase()) && typeOfValue(v) !== null)
      .map(([k]) => ({ name: declared.get(k.toLowerCase())!.name, type: declared.get(k.toLowerCase())!.type }));
    const unknownFields = Object.keys(values).filter((k) => !declared.has(k.toLowerCase()));
    return { update: { object, source, fields }, unknownFields };
  }

  const current = new Map((profile?.fields ?? []).map((f) => [f.name.toLowerCase(), f]));
  const fields = [];
  for (const [key, value] of Object.entries(values)) {
    const type = typeOfValue(value);
    if (type === null) continue;
    const existing = current.get(key.toLowerCase());
    fields.push({ name: existing?.name ?? key, type: widenType(existing?.type, type) });
  }
  // The object's table is the union of every source's columns: keep it within the cap.
  const columns = new Set(objectProfiles.flatMap((p) => p.fields.map((f) => f.name.toLowerCase())));
  for (const f of fields) columns.add(f.name.toLowerCase());
  if (columns.size > MAX_COLUMNS_PER_OBJECT) {
    throw new BadRequest(`Object "${object}" would have ${columns.size} fields; an object holds at most ${MAX_COLUMNS_PER_OBJECT}`);
  }
  return { update: { object, source, fields } };
}
