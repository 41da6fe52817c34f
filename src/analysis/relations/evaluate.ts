import type { ProvenanceLabel } from './classify-offline.js';

export interface LabelledPair {
  old: string;
  new: string;
  label: ProvenanceLabel | null;
}

export interface LabelScores {
  precision: number;
  recall: number;
  support: number;
}

/** Precision and recall per label over a labelled set (null = no relationship, scored as its own class). */
export function evaluateClassifier(pairs: LabelledPair[], classify: (newText: string, oldText: string) => ProvenanceLabel | null) {
  const labels = ['corroborates', 'elaborates', 'supersedes', 'contradicts', 'none'] as const;
  const tp: Record<string, number> = {};
  const predicted: Record<string, number> = {};
  const actual: Record<string, number> = {};
  let correct = 0;
  for (const p of pairs) {
    const want = p.label ?? 'none';
    const got = classify(p.new, p.old) ?? 'none';
    actual[want] = (actual[want] ?? 0) + 1;
    predicted[got] = (predicted[got] ?? 0) + 1;
    if (got === want) {
      tp[want] = (tp[want] ?? 0) + 1;
      correct++;
    }
  }
  const perLabel: Record<string, LabelScores> = {};
  for (const l of labels) {
    perLabel[l] = {
      precision: predicted[l] ? (tp[l] ?? 0) / predicted[l] : 0,
      recall: actual[l] ? (tp[l] ?? 0) / actual[l] : 0,
      support: actual[l] ?? 0,
    };
  }
  return { accuracy: correct / pairs.length, perLabel };
}
