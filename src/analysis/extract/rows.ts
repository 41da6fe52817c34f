import { parse } from 'csv-parse/sync';
import { ExtractionError } from './errors.js';
import { MAX_CHUNKS } from './limits.js';
import type { ExtractedDocument, Row } from './types.js';

const NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d+)?$/;

/** Cell text → value: plain numbers and true/false get their type; `007` and `1e5` stay text; empty → null. */
function castCell(value: string): unknown {
  if (value === '') return null;
  if (NUMBER.test(value)) return Number(value);
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

function capRows(n: number): void {
  if (n > MAX_CHUNKS) throw new ExtractionError(`The file holds more than ${MAX_CHUNKS} rows; the limit is ${MAX_CHUNKS}`);
}

/** CSV/TSV → one structured row per record, keyed by the header line. */
export function extractDelimited(text: string, delimiter: ',' | '\t'): ExtractedDocument {
  let records: Array<Record<string, string>>;
  try {
    records = parse(text, {
      columns: (header: string[]) => header.map((h, i) => h.trim() || `column${i + 1}`),
      delimiter,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      max_record_size: 1024 * 1024,
    });
  } catch (err) {
    throw new ExtractionError(`The ${delimiter === ',' ? 'CSV' : 'TSV'} could not be parsed: ${(err as Error).message}`);
  }
  capRows(records.length);
  const rows: Row[] = records.map((r, i) => ({
    header: `Row ${i + 1}`,
    values: Object.fromEntries(Object.entries(r).map(([k, v]) => [k, castCell(String(v ?? ''))])),
  }));
  return { kind: 'rows', title: null, rows };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const asValues = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : { value: v });

/**
 * JSON → rows: an array gives one row per element; an object gives one row per element of each of its
 * arrays of objects (`items[3]`), plus one row with its remaining fields; anything else is one row.
 */
export function extractJson(text: string): ExtractedDocument {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new ExtractionError(`The JSON could not be parsed: ${(err as Error).message}`);
  }
  const rows: Row[] = [];
  if (Array.isArray(data)) {
    capRows(data.length);
    data.forEach((v, i) => rows.push({ header: `[${i}]`, values: asValues(v) }));
  } else if (isRecord(data)) {
    const rest: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) {
        capRows(rows.length + value.length);
        value.forEach((v, i) => rows.push({ header: `${key}[${i}]`, values: v }));
      } else rest[key] = value;
    }
    if (Object.keys(rest).length) rows.unshift({ header: '(top level)', values: rest });
  } else {
    rows.push({ header: '(value)', values: { value: data } });
  }
  return { kind: 'rows', title: null, rows };
}

/** NDJSON / JSON Lines → one row per non-empty line. */
export function extractNdjson(text: string): ExtractedDocument {
  const rows: Row[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    try {
      rows.push({ header: `Line ${i + 1}`, values: asValues(JSON.parse(lines[i])) });
    } catch (err) {
      throw new ExtractionError(`Line ${i + 1} is not valid JSON: ${(err as Error).message}`);
    }
    capRows(rows.length);
  }
  return { kind: 'rows', title: null, rows };
}
