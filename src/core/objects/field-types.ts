import type { FieldType } from '../../store/types.js';

export const FIELD_TYPES: readonly FieldType[] = ['integer', 'number', 'boolean', 'date', 'text', 'json', 'mixed'];

// ISO 8601 calendar dates, optionally with a time and offset: what a careful writer means by "a date".
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The profile type of one value; null for null/undefined (an absent value profiles nothing). */
export function typeOfValue(value: unknown): FieldType | null {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value.replace(' ', 'T'))) ? 'date' : 'text';
    case 'object':
      return 'json';
    default:
      return 'text';
  }
}

/**
 * Profiles only widen (spec § Object: later writes widen the profile): integers and numbers meet in
 * `number`, dates and free text in `text`, anything else that disagrees becomes `mixed`.
 */
export function widenType(current: FieldType | null | undefined, next: FieldType): FieldType {
  if (!current || current === next) return next;
  const pair = new Set([current, next]);
  if (pair.has('mixed')) return 'mixed';
  if (pair.has('integer') && pair.has('number')) return 'number';
  if (pair.has('date') && pair.has('text')) return 'text';
  return 'mixed';
}
