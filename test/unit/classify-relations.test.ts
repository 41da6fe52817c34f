import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyOffline } from '../../src/analysis/relations/classify-offline.js';
import { evaluateClassifier, type LabelledPair } from '../../src/analysis/relations/evaluate.js';

const pairs = JSON.parse(readFileSync(new URL('../fixtures/relations-labelled.json', import.meta.url), 'utf8')) as LabelledPair[];

describe('offline provenance classifier on the labelled set', () => {
  const report = evaluateClassifier(pairs, (n, o) => classifyOffline(n, o)?.label ?? null);

  it('reaches the documented quality (per-label precision and recall)', () => {
    console.log(JSON.stringify(report, null, 1));
    expect(report.accuracy).toBeGreaterThanOrEqual(0.8);
    for (const label of ['corroborates', 'elaborates', 'supersedes', 'contradicts', 'none']) {
      expect(report.perLabel[label].precision, `${label} precision`).toBeGreaterThanOrEqual(0.7);
      expect(report.perLabel[label].recall, `${label} recall`).toBeGreaterThanOrEqual(0.7);
    }
  });

  it('labels from the new entry perspective (a changed figure with an update cue supersedes; reversed it does not)', () => {
    expect(classifyOffline('Update: the deploy window moved to Thursday at 14:00 UTC.', 'The deploy window is Tuesday at 10:00 UTC.')?.label).toBe('supersedes');
    expect(classifyOffline('The deploy window is Tuesday at 10:00 UTC.', 'Update: the deploy window moved to Thursday at 14:00 UTC.')?.label).toBe('contradicts');
  });

  it('finds no relationship between unrelated texts', () => {
    expect(classifyOffline('The cafeteria menu changes every Monday.', 'The quarterly revenue target is $2.5m.')).toBeNull();
  });
});
