import type { FieldType, ObjectProfileRecord, Stores } from '../../store/types.js';
import { validateObjectName } from '../entries/object-name.js';
import { BadRequest, NotFound } from '../errors.js';
import { FIELD_TYPES } from './field-types.js';
import { checkObjectNameUsable } from './names.js';
import { recordFields } from './record-fields.js';

export interface DeclareSchemaInput {
  containerId: string;
  object: string;
  source: string;
  /** `name:type` pairs; the type defaults to `text`. */
  fields: string[];
  keyField?: string;
}

/**
 * Declares the schema a connector mirrors an object with (spec § Object schema profile, mode `declared`).
 * Writes of that object under that source then report keys outside the schema as `unknownFields`.
 */
export async function declareObjectSchema(stores: Stores, input: DeclareSchemaInput): Promise<ObjectProfileRecord> {
  if (!(await stores.control.getContainer(input.containerId))) throw new NotFound(`Container ${input.containerId} not found`);
  validateObjectName(input.object);
  checkObjectNameUsable(input.object);
  if (!input.source.trim()) throw new BadRequest('A declared schema needs the source whose records it describes');
  if (input.fields.length === 0) throw new BadRequest('Declare at least one field (name:type)');
  const fields = input.fields.map((spec) => {
    const colon = spec.lastIndexOf(':');
    const name = colon > 0 ? spec.slice(0, colon) : spec;
    const type = (colon > 0 ? spec.slice(colon + 1) : 'text') as FieldType;
    if (!FIELD_TYPES.includes(type)) throw new BadRequest(`Unknown field type "${type}" in "${spec}"; use one of ${FIELD_TYPES.join(', ')}`);
    return { name, type };
  });
  // The same naming rules as written fields: they become the same SQL columns.
  recordFields(null, Object.fromEntries(fields.map((f) => [f.name, true])));
  if (input.keyField !== undefined && !fields.some((f) => f.name.toLowerCase() === input.keyField!.toLowerCase())) {
    throw new BadRequest(`The key field "${input.keyField}" is not one of the declared fields`);
  }
  const entries = await stores.container(input.containerId);
  const object = (await entries.canonicalObjectName(input.object)) ?? input.object;
  return entries.declareObjectSchema({ object, source: input.source, fields, keyField: input.keyField ?? null });
}
