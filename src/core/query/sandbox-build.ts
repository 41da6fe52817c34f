import Database from 'better-sqlite3';
import type { ObjectProfileRecord, ObjectRowRecord } from '../../store/types.js';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** How a record value is stored in its column: numbers and text as they are, booleans 1/0, JSON as text. */
function columnValue(v: unknown): number | string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

interface ObjectTable {
  name: string;
  /** Column names by lower-cased field name (SQL columns ignore case), first spelling kept. */
  columns: Map<string, string>;
  /** Declared profiles restrict which fields of their rows are columns. */
  declared: Map<string, Set<string>>;
}

/** One table per object: the union of every source's profiled fields (spec § svc_query tables 2). */
export function objectTables(profiles: ObjectProfileRecord[]): ObjectTable[] {
  const tables = new Map<string, ObjectTable>();
  for (const p of profiles) {
    const key = p.object.toLowerCase();
    let t = tables.get(key);
    if (!t) tables.set(key, (t = { name: p.object, columns: new Map(), declared: new Map() }));
    for (const f of p.fields) if (!t.columns.has(f.name.toLowerCase())) t.columns.set(f.name.toLowerCase(), f.name);
    if (p.mode === 'declared') t.declared.set(p.source, new Set(p.fields.map((f) => f.name.toLowerCase())));
  }
  return [...tables.values()];
}

/** Writes the sandbox database: the `fields` catalog and one table per object, nothing else. */
export function buildSandboxDatabase(file: string, profiles: ObjectProfileRecord[], rows: ObjectRowRecord[]): void {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.transaction(() => {
      db.exec('CREATE TABLE fields (object TEXT, source TEXT, name TEXT, type TEXT, present INTEGER, seen INTEGER)');
      const field = db.prepare('INSERT INTO fields VALUES (?, ?, ?, ?, ?, ?)');
      for (const p of profiles) for (const f of p.fields) field.run(p.object, p.source, f.name, f.type, f.present, p.seen);
      for (const t of objectTables(profiles)) {
        const cols = [...t.columns.values()];
        db.exec(`CREATE TABLE ${quoteIdent(t.name)} (${['_entry_id', '_source', ...cols].map(quoteIdent).join(', ')})`);
        const insert = db.prepare(`INSERT INTO ${quoteIdent(t.name)} VALUES (${['?', '?', ...cols.map(() => '?')].join(', ')})`);
        const index = new Map([...t.columns.keys()].map((k, i) => [k, i]));
        for (const r of rows) {
          if (r.object.toLowerCase() !== t.name.toLowerCase()) continue;
          const values: Array<number | string | null> = cols.map(() => null);
          const declared = t.declared.get(r.source);
          for (const [k, v] of Object.entries(r.fields)) {
            const key = k.toLowerCase();
            const i = index.get(key);
            if (i === undefined || (declared && !declared.has(key))) continue;
            values[i] = columnValue(v);
          }
          insert.run(r.entryId, r.source, ...values);
        }
      }
    })();
  } finally {
    db.close();
  }
}

