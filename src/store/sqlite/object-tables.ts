import { randomUUID } from 'node:crypto';
import type { FieldType, ObjectProfileRecord, ObjectProfileUpdate, ObjectRowRecord, ObjectSchemaDeclaration } from '../types.js';
import type { Db } from './database.js';

type Row = Record<string, any>;

function toRow(r: Row): ObjectRowRecord {
  return { entryId: r.id, object: r.object, source: r.source, fields: r.fields ? JSON.parse(r.fields) : {} };
}

/** Every live object row of a container database, oldest first (also read by the query sandbox process). */
export function readObjectRows(db: Db): ObjectRowRecord[] {
  return (db.prepare('SELECT id, object, source, fields FROM entries WHERE object IS NOT NULL ORDER BY seq').all() as Row[]).map(toRow);
}

/**
 * Object profiles and the object rows of one container database. Every change bumps `object_state.version`
 * so the svc_query sandbox knows when its materialized copy is stale. Callers run these inside the
 * transaction of the entry change they belong to.
 */
export class ObjectTables {
  constructor(private readonly db: Db) {}

  version(): number {
    return (this.db.prepare('SELECT version FROM object_state WHERE id = 1').get() as Row).version;
  }

  private bump(): void {
    this.db.prepare('UPDATE object_state SET version = version + 1 WHERE id = 1').run();
  }

  canonicalName(name: string): string | null {
    const r = this.db.prepare('SELECT object FROM object_profiles WHERE object = ? COLLATE NOCASE ORDER BY created_at, rowid LIMIT 1').get(name) as Row | undefined;
    return r ? (r.object as string) : null;
  }

  private profileRow(object: string, source: string): Row | undefined {
    return this.db.prepare('SELECT * FROM object_profiles WHERE object = ? COLLATE NOCASE AND source = ?').get(object, source) as Row | undefined;
  }

  private fieldsOf(profileId: string): ObjectProfileRecord['fields'] {
    return (this.db.prepare('SELECT name, type, present FROM object_fields WHERE profile_id = ? ORDER BY position').all(profileId) as Row[]).map((f) => ({
      name: f.name,
      type: f.type as FieldType,
      present: f.present,
    }));
  }

  private toProfile(r: Row): ObjectProfileRecord {
    return { id: r.id, object: r.object, source: r.source, mode: r.mode, keyField: r.key_field, seen: r.seen, createdAt: r.created_at, fields: this.fieldsOf(r.id) };
  }

  profiles(object?: string): ObjectProfileRecord[] {
    const rows = object
      ? this.db.prepare('SELECT * FROM object_profiles WHERE object = ? COLLATE NOCASE ORDER BY created_at, rowid').all(object)
      : this.db.prepare('SELECT * FROM object_profiles ORDER BY created_at, rowid').all();
    return (rows as Row[]).map((r) => this.toProfile(r));
  }

  /** Folds one written record into its profile: `seen` + 1, each carried field's `present` + 1 and its widened type. */
  applyUpdate(u: ObjectProfileUpdate, now: number): void {
    let profile = this.profileRow(u.object, u.source);
    if (!profile) {
      const id = randomUUID();
      this.db
        .prepare("INSERT INTO object_profiles (id, object, source, mode, key_field, seen, created_at) VALUES (?, ?, ?, 'accreted', NULL, 0, ?)")
        .run(id, u.object, u.source, now);
      profile = this.profileRow(u.object, u.source)!;
    }
    this.db.prepare('UPDATE object_profiles SET seen = seen + 1 WHERE id = ?').run(profile.id);
    const nextPosition = this.db.prepare('SELECT COALESCE(MAX(position), -1) + 1 AS p FROM object_fields WHERE profile_id = ?');
    const upsert = this.db.prepare(
      `INSERT INTO object_fields (profile_id, name, type, present, position) VALUES (?, ?, ?, 1, ?)
       ON CONFLICT (profile_id, name COLLATE NOCASE) DO UPDATE SET type = excluded.type, present = present + 1`,
    );
    for (const f of u.fields) upsert.run(profile.id, f.name, f.type, (nextPosition.get(profile.id) as Row).p);
    this.bump();
  }

  /** A deleted row leaves its profile's counts; the profile's fields and types stay (they only widen). */
  forgetRow(entryId: string): void {
    const r = this.db.prepare('SELECT object, source, fields FROM entries WHERE id = ?').get(entryId) as Row | undefined;
    if (!r || r.object === null) return;
    const profile = this.profileRow(r.object, r.source);
    if (profile) {
      this.db.prepare('UPDATE object_profiles SET seen = MAX(seen - 1, 0) WHERE id = ?').run(profile.id);
      this.db
        .prepare(
          `UPDATE object_fields SET present = MAX(present - 1, 0)
           WHERE profile_id = ? AND lower(name) IN (SELECT lower(key) FROM json_each(?) WHERE type != 'null')`,
        )
        .run(profile.id, r.fields ?? '{}');
    }
    this.bump();
  }

  declare(d: ObjectSchemaDeclaration, now: number): ObjectProfileRecord {
    return this.db.transaction(() => {
      let profile = this.profileRow(d.object, d.source);
      if (!profile) {
        this.db
          .prepare("INSERT INTO object_profiles (id, object, source, mode, key_field, seen, created_at) VALUES (?, ?, ?, 'declared', ?, 0, ?)")
          .run(randomUUID(), d.object, d.source, d.keyField, now);
        profile = this.profileRow(d.object, d.source)!;
      }
      this.db.prepare("UPDATE object_profiles SET mode = 'declared', key_field = ? WHERE id = ?").run(d.keyField, profile.id);
      this.db.prepare('DELETE FROM object_fields WHERE profile_id = ?').run(profile.id);
      const seen = (
        this.db.prepare('SELECT COUNT(*) AS n FROM entries WHERE object = ? COLLATE NOCASE AND source = ?').get(d.object, d.source) as Row
      ).n;
      this.db.prepare('UPDATE object_profiles SET seen = ? WHERE id = ?').run(seen, profile.id);
      const present = this.db.prepare(
        `SELECT COUNT(*) AS n FROM entries e, json_each(e.fields) j
         WHERE e.object = ? COLLATE NOCASE AND e.source = ? AND lower(j.key) = lower(?) AND j.type != 'null'`,
      );
      const insert = this.db.prepare('INSERT INTO object_fields (profile_id, name, type, present, position) VALUES (?, ?, ?, ?, ?)');
      d.fields.forEach((f, i) => insert.run(profile.id, f.name, f.type, (present.get(d.object, d.source, f.name) as Row).n, i));
      this.bump();
      return this.toProfile(this.profileRow(d.object, d.source)!);
    }).immediate();
  }

  rows(): ObjectRowRecord[] {
    return readObjectRows(this.db);
  }

  /** One pass over the object rows, whatever the number of values. */
  rowsByField(name: string, values: string[]): ObjectRowRecord[] {
    if (values.length === 0) return [];
    return (
      this.db
        .prepare(
          `SELECT e.id, e.object, e.source, e.fields FROM entries e, json_each(e.fields) j
           WHERE e.object IS NOT NULL AND lower(j.key) = lower(?) AND j.type = 'text'
             AND j.value IN (SELECT value FROM json_each(?)) ORDER BY e.seq`,
        )
        .all(name, JSON.stringify(values)) as Row[]
    ).map(toRow);
  }

  rowsReferencing(value: string): Array<{ row: ObjectRowRecord; field: string }> {
    return (
      this.db
        .prepare(
          `SELECT e.id, e.object, e.source, e.fields, j.key AS field FROM entries e, json_each(e.fields) j
           WHERE e.object IS NOT NULL AND j.type = 'text' AND j.value = ? ORDER BY e.seq`,
        )
        .all(value) as Row[]
    ).map((r) => ({ row: toRow(r), field: r.field as string }));
  }
}
