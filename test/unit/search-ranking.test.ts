import { describe, expect, it } from 'vitest';
import { LocalReranker } from '../../src/ai/local-reranker.js';
import { blend, dot, normalize } from '../../src/ai/vector-math.js';
import { fuse, RRF_K } from '../../src/core/search/fusion.js';
import { resolveSearchLimit } from '../../src/core/search/limit.js';

describe('resolveSearchLimit (spec § svc_search)', () => {
  it.each([
    [undefined, undefined, 10],
    [0, undefined, 1],
    [-5, undefined, 1],
    [5000, undefined, 100],
    [100, undefined, 100],
    [7.9, undefined, 7],
    [undefined, 0, 1],
    [undefined, 5000, 100],
    [undefined, 4, 4],
    [3, 50, 3],
    [0, 50, 1],
    [Infinity, undefined, 100],
  ])('limit %s topK %s → %s', (limit, topK, expected) => {
    expect(resolveSearchLimit(limit, topK)).toBe(expected);
  });
});

describe('fuse (weighted reciprocal rank fusion)', () => {
  it('rewards agreement between lists and respects weights', () => {
    const r = fuse([
      { name: 'a', ids: ['x', 'y', 'z'], weight: 1 },
      { name: 'b', ids: ['y', 'w'], weight: 1 },
    ]);
    expect(r[0]!.id).toBe('y');
    expect(r[0]!.score).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1));
    expect(r.map((x) => x.id)).toEqual(['y', 'x', 'w', 'z']);
    const weighted = fuse([
      { name: 'a', ids: ['x'], weight: 0.5 },
      { name: 'b', ids: ['y'], weight: 1 },
    ]);
    expect(weighted.map((x) => x.id)).toEqual(['y', 'x']);
  });
});

describe('vector math', () => {
  it('normalises and blends to unit length', () => {
    const v = normalize(Float32Array.from([3, 4]));
    expect(dot(v, v)).toBeCloseTo(1);
    const b = blend([{ vector: Float32Array.from([1, 0]), weight: 1 }, { vector: Float32Array.from([0, 1]), weight: 1 }]);
    expect(b[0]).toBeCloseTo(Math.SQRT1_2);
    expect(dot(b, b)).toBeCloseTo(1);
  });
});

describe('LocalReranker', () => {
  it('prefers candidates covering the query words and the exact phrase', async () => {
    const q = Float32Array.from([1, 0]);
    const scores = await new LocalReranker().rerank('deploy window', q, [
      { id: 'a', text: 'The deploy window is Tuesday', priorScore: 0.01, vector: Float32Array.from([0.8, 0.6]) },
      { id: 'b', text: 'Windows are cleaned on Friday', priorScore: 0.01, vector: Float32Array.from([0.8, 0.6]) },
    ]);
    expect(scores.get('a')!).toBeGreaterThan(scores.get('b')!);
  });
});
