import type { EdgeRecord, NewEntry } from '../../store/types.js';

/** What an analysis stage wants written; a job applies all stages' plans in one transaction. */
export interface DerivedWrites {
  entries: NewEntry[];
  edges: EdgeRecord[];
}

export const emptyDerived = (): DerivedWrites => ({ entries: [], edges: [] });
