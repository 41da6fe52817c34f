import { LanceDbIndex } from '../lancedb/lancedb-index.js';
import type { VectorIndex } from '../types.js';
import type { Db } from './database.js';
import { SqliteVecIndex } from './vector-index.js';

export type VectorIndexKind = 'sqlite-vec' | 'lancedb';

let selected: VectorIndexKind = 'sqlite-vec';

/**
 * Chooses the vector index for container stores opened from now on (the daemon sets it from its config
 * once, before opening any store). sqlite-vec keeps vectors inside the container's database; LanceDB keeps
 * them beside it in `<id>.lancedb/` and adds an ANN index for large containers.
 */
export function selectVectorIndex(kind: VectorIndexKind): void {
  selected = kind;
}

export function createVectorIndex(db: Db, dbFile: string): VectorIndex {
  return selected === 'lancedb' ? new LanceDbIndex(dbFile.replace(/\.db$/, '') + '.lancedb') : new SqliteVecIndex(db);
}
