import type { Generator } from '../../ai/types.js';
import { firstJson } from '../llm-json.js';
import type { RelationClassifier } from '../stages/classify-relations.js';
import { classifyOffline, type ProvenanceLabel } from './classify-offline.js';
import { features, overlapCoefficient } from './features.js';

const LABELS = new Set<ProvenanceLabel>(['corroborates', 'elaborates', 'supersedes', 'contradicts']);
/** Pairs sharing less than this are not worth a model call: they are about different things. */
const PREFILTER = 0.3;

export function relationPrompt(newText: string, oldText: string): string {
  return `Classify how the NEW statement relates to the OLD statement, from the NEW statement's perspective.
Labels: "supersedes" (NEW updates or replaces OLD), "contradicts" (NEW conflicts with OLD without presenting itself as an update), "corroborates" (NEW states the same claim), "elaborates" (NEW restates OLD and adds detail), "none" (unrelated).
Answer only with JSON: {"label": "<label>", "confidence": <0..1>}
OLD: ${oldText.slice(0, 2000)}
NEW: ${newText.slice(0, 2000)}`;
}

/**
 * The LLM classifier used when a generator is configured. A model answer that cannot be read falls back to
 * the offline rules for that pair, so analysis never stalls on a misbehaving endpoint.
 */
export function llmRelationClassifier(generator: Generator): RelationClassifier {
  return async (newText, oldText) => {
    if (overlapCoefficient(features(newText).words, features(oldText).words) < PREFILTER) return null;
    try {
      const answer = firstJson(await generator.generate(relationPrompt(newText, oldText), { maxTokens: 60 })) as { label?: string; confidence?: number };
      if (answer.label === 'none') return null;
      if (!answer.label || !LABELS.has(answer.label as ProvenanceLabel)) throw new Error(`unknown label ${answer.label}`);
      const confidence = typeof answer.confidence === 'number' ? Math.min(1, Math.max(0, answer.confidence)) : 0.7;
      return { label: answer.label as ProvenanceLabel, confidence, reason: `llm:${generator.id}` };
    } catch {
      return classifyOffline(newText, oldText);
    }
  };
}
