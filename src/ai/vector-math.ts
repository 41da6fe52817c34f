/** Scales a vector to unit length (cosine similarity then equals the dot product). */
export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum) || 1;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! / norm;
  return out;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) s += a[i]! * b[i]!;
  return s;
}

/** Weighted sum of vectors, renormalised (Rocchio-style query expansion). */
export function blend(parts: Array<{ vector: Float32Array; weight: number }>): Float32Array {
  const dim = parts[0]!.vector.length;
  const out = new Float32Array(dim);
  for (const { vector, weight } of parts) for (let i = 0; i < dim; i++) out[i]! += vector[i]! * weight;
  return normalize(out);
}
