export interface RankedList {
  name: string;
  /** Ids best first. */
  ids: string[];
  weight: number;
}

/** Constant of reciprocal rank fusion (Cormack et al. 2009); 60 is the value the paper found robust. */
export const RRF_K = 60;

/** Weighted reciprocal rank fusion: score(d) = Σ weight / (RRF_K + rank). Returns ids best first with scores. */
export function fuse(lists: RankedList[]): Array<{ id: string; score: number }> {
  const scores = new Map<string, number>();
  for (const list of lists) {
    list.ids.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + list.weight / (RRF_K + i + 1)));
  }
  return [...scores.entries()].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
}
