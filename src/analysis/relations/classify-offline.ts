import { features, jaccard, overlap, overlapCoefficient, sameSet, type TextFeatures } from './features.js';

export type ProvenanceLabel = 'corroborates' | 'elaborates' | 'supersedes' | 'contradicts';

export interface Classification {
  label: ProvenanceLabel;
  confidence: number;
  reason: string;
}

/** Below this share of shared content words, two texts are not about the same thing. */
const SAME_TOPIC = 0.5;

/**
 * Offline provenance classification of a new text against an existing one, from the new text's perspective
 * (spec § Relationship edge). Rules, in order: same topic required; changed numbers or dates → supersedes when
 * the new text frames itself as an update, otherwise contradicts; opposite negation → contradicts; the new
 * text containing the old and adding detail → elaborates; otherwise the same claim → corroborates.
 */
export function classifyOffline(newText: string, oldText: string): Classification | null {
  return classifyFeatures(features(newText), features(oldText));
}

export function classifyFeatures(n: TextFeatures, o: TextFeatures): Classification | null {
  const topic = overlapCoefficient(n.words, o.words);
  if (topic < SAME_TOPIC || overlap(n.words, o.words) < 2) return null;

  const factsN = new Set([...n.numbers, ...n.dates]);
  const factsO = new Set([...o.numbers, ...o.dates]);
  const factsChanged = factsN.size > 0 && factsO.size > 0 && !sameSet(factsN, factsO);
  if (factsChanged) {
    return n.updateCue
      ? { label: 'supersedes', confidence: round(0.6 + 0.3 * topic), reason: 'same subject, changed figures or dates, framed as an update' }
      : { label: 'contradicts', confidence: round(0.5 + 0.3 * topic), reason: 'same subject with different figures or dates' };
  }
  if (n.negated !== o.negated && topic >= 0.6) {
    return n.updateCue
      ? { label: 'supersedes', confidence: round(0.5 + 0.3 * topic), reason: 'same subject, negation flipped, framed as an update' }
      : { label: 'contradicts', confidence: round(0.5 + 0.3 * topic), reason: 'same subject with opposite negation' };
  }
  const added = n.words.size - overlap(n.words, o.words);
  const coversOld = o.words.size > 0 && overlap(n.words, o.words) / o.words.size >= 0.7;
  if (coversOld && added >= 3 && n.words.size >= o.words.size * 1.3) {
    return { label: 'elaborates', confidence: round(0.5 + 0.4 * (overlap(n.words, o.words) / o.words.size)), reason: 'contains the earlier statement and adds detail' };
  }
  if (jaccard(n.words, o.words) >= 0.45 || topic >= 0.8) {
    return { label: 'corroborates', confidence: round(0.4 + 0.5 * jaccard(n.words, o.words)), reason: 'states the same claim' };
  }
  return null;
}

const round = (x: number) => Math.round(Math.min(1, x) * 100) / 100;
