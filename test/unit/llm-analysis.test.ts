import { describe, expect, it } from 'vitest';
import type { Generator } from '../../src/ai/types.js';
import { llmEntityExtractor } from '../../src/analysis/entities/extract-llm.js';
import { llmRelationClassifier } from '../../src/analysis/relations/classify-llm.js';

const gen = (answer: string | (() => never)): Generator & { prompts: string[] } => {
  const prompts: string[] = [];
  return {
    id: 'fake',
    prompts,
    async generate(prompt: string) {
      prompts.push(prompt);
      if (typeof answer === 'function') answer();
      return answer as string;
    },
  };
};

describe('LLM relation classifier', () => {
  const oldText = 'The deploy window is Tuesday at 10:00 UTC.';
  const newText = 'Update: the deploy window moved to Thursday at 14:00 UTC.';

  it('uses the model label and confidence, even wrapped in prose', async () => {
    const g = gen('Sure! {"label": "supersedes", "confidence": 0.93}');
    expect(await llmRelationClassifier(g)(newText, oldText)).toEqual({ label: 'supersedes', confidence: 0.93, reason: 'llm:fake' });
    expect(g.prompts[0]).toContain(`NEW: ${newText}`);
  });

  it('"none" means no edge', async () => {
    expect(await llmRelationClassifier(gen('{"label":"none"}'))(newText, oldText)).toBeNull();
  });

  it('does not call the model for unrelated texts', async () => {
    const g = gen('{"label":"corroborates"}');
    expect(await llmRelationClassifier(g)('The cafeteria menu changes on Monday.', oldText)).toBeNull();
    expect(g.prompts).toHaveLength(0);
  });

  it.each(['not json', '{"label":"maybe"}', () => { throw new Error('endpoint down'); }])('falls back to the offline rules on %s', async (answer) => {
    const r = await llmRelationClassifier(gen(answer as any))(newText, oldText);
    expect(r?.label).toBe('supersedes');
    expect(r?.reason).not.toMatch(/^llm:/);
  });
});

describe('LLM entity extractor', () => {
  it('takes people, organizations and places from the model and keeps rule-based kinds', async () => {
    const g = gen('```json\n[{"name":"Zorblax Widgets","type":"organization"},{"name":"x","type":"person"},{"name":"Mars","type":"planet"}]\n```');
    const found = await llmEntityExtractor(g)('the zorblax widgets team, mail ops@zorblax.io');
    expect(found.map((e) => `${e.entityType}:${e.name}`).sort()).toEqual(['email:ops@zorblax.io', 'organization:Zorblax Widgets']);
  });

  it('falls back to the offline tagger when the answer is unreadable', async () => {
    const found = await llmEntityExtractor(gen('I cannot help'))('Ann Lee met Bob Smith in Berlin.');
    expect(found.map((e) => e.name).sort()).toEqual(['Ann Lee', 'Berlin', 'Bob Smith']);
  });
});
