import type Database from 'better-sqlite3';

/** A versioned schema step. Versions are unique per database kind and only ever appended. */
export interface Migration {
  version: number;
  name: string;
  up: string | ((db: Database.Database) => void);
}
