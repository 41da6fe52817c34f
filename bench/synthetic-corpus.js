// Deterministic synthetic text and vectors for latency measurements at scale. Text follows a Zipf-like
// word distribution so BM25 posting lists look like real prose; vectors are random unit vectors
// (semantic quality is measured separately in quality.js, on real embeddings).

export function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tas', 'vo', 'zu', 'pel', 'dor', 'fin', 'gra', 'hul', 'jes', 'nor', 'qua', 'sib', 'tem', 'wex'];

export function vocabulary(size, rand) {
  const words = new Set();
  while (words.size < size) {
    const n = 1 + Math.floor(rand() * 4);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    words.add(w);
  }
  return [...words];
}

/** A word drawn with probability ∝ 1/rank. */
export function zipfSampler(words, rand) {
  const weights = words.map((_, i) => 1 / (i + 1));
  const cdf = [];
  let acc = 0;
  for (const w of weights) cdf.push((acc += w));
  return () => {
    const x = rand() * acc;
    let lo = 0;
    let hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo];
  };
}

export function sentence(sample, rand, min = 40, max = 120) {
  const n = min + Math.floor(rand() * (max - min));
  const out = [];
  for (let i = 0; i < n; i++) out.push(sample());
  return out.join(' ');
}

export function unitVector(dim, rand) {
  const v = new Float32Array(dim);
  let norm = 0;
  for (let i = 0; i < dim; i++) {
    // Box–Muller: Gaussian components give directions uniform on the sphere.
    const g = Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
    v[i] = g;
    norm += g * g;
  }
  norm = Math.sqrt(norm);
  for (let i = 0; i < dim; i++) v[i] /= norm;
  return v;
}

export function percentiles(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
  const r = (x) => Number(x.toFixed(2));
  return { p50: r(at(50)), p95: r(at(95)), p99: r(at(99)), n: s.length };
}
