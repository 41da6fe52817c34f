import type { ContainerStore, ObjectProfileRecord, ObjectRowRecord } from '../../store/types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const keyFieldOf = (profiles: ObjectProfileRecord[], row: { object: string; source: string }): string | null =>
  profiles.find((p) => p.object.toLowerCase() === row.object.toLowerCase() && p.source === row.source)?.keyField ?? null;

/**
 * Spec § Relationship edge, mirrored records: a lookup field (a field whose value is another record's entry
 * id, or the value of another record's declared key) becomes a `crm_assoc:{field}` edge from the record
 * holding it to the record it names. Both directions are linked at write time, so the order in which a
 * connector mirrors records does not matter.
 */
export async function linkLookupFields(entries: ContainerStore, row: ObjectRowRecord): Promise<number> {
  const profiles = await entries.listObjectProfiles();
  const ownKey = keyFieldOf(profiles, row);
  let linked = 0;
  const link = async (fromId: string, toId: string, field: string, object: string) => {
    if (fromId === toId) return;
    await entries.insertEdge({ fromId, toId, type: `crm_assoc:${field}`, properties: { field, object } });
    linked++;
  };

  const lookups = Object.entries(row.fields).filter(
    (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '' && (ownKey === null || e[0].toLowerCase() !== ownKey.toLowerCase()),
  );
  for (const [field, value] of lookups) {
    if (!UUID.test(value)) continue;
    const target = await entries.getEntry(value);
    if (target?.object) await link(row.entryId, target.id, field, target.object);
  }
  // One pass per declared key field finds every record this one names by key.
  const keyFields = [...new Set(profiles.map((p) => p.keyField).filter((k): k is string => k !== null))];
  for (const key of keyFields) {
    const targets = await entries.findObjectRowsByField(key, [...new Set(lookups.map(([, v]) => v))]);
    for (const target of targets) {
      if (keyFieldOf(profiles, target)?.toLowerCase() !== key.toLowerCase()) continue;
      const keyValue = Object.entries(target.fields).find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1];
      for (const [field, value] of lookups) if (value === keyValue) await link(row.entryId, target.entryId, field, target.object);
    }
  }

  const ownKeyValue = ownKey !== null ? Object.entries(row.fields).find(([k]) => k.toLowerCase() === ownKey.toLowerCase())?.[1] : undefined;
  if (typeof ownKeyValue === 'string' && ownKeyValue !== '') {
    for (const { row: other, field } of await entries.findObjectRowsReferencing(ownKeyValue)) {
      if (keyFieldOf(profiles, other)?.toLowerCase() === field.toLowerCase()) continue; // its own key, not a lookup
      await link(other.entryId, row.entryId, field, row.object);
    }
  }
  return linked;
}
