import { describe, expect, it } from 'vitest';
import { chunkText, leadSentence } from '../../src/analysis/chunking/chunk-text.js';

const para = (word: string, n: number) => Array.from({ length: n }, (_, i) => `${word} sentence ${i} has a few words.`).join(' ');

describe('chunkText', () => {
  it('keeps short text whole', () => {
    expect(chunkText('short note')).toBeNull();
    expect(chunkText('x'.repeat(1500))).toBeNull();
  });

  it('never spans two headings and records the section header', () => {
    const text = `# Title\n\n${para('intro', 20)}\n\n## Deploys\n\n${para('deploy', 30)}\n\n## Incidents\n\n${para('incident', 30)}`;
    const chunks = chunkText(text)!;
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(1000);
      const words = new Set(c.text.match(/intro|deploy|incident/g));
      expect(words.size).toBe(1);
    }
    expect(chunks[0]!.sectionHeader).toBe('Title');
    expect(chunks.find((c) => c.text.includes('deploy'))!.sectionHeader).toBe('Deploys');
    expect(chunks.at(-1)!.sectionHeader).toBe('Incidents');
    expect(chunks.find((c) => c.text.includes('## Incidents'))).toBeDefined();
  });

  it('ignores heading-like lines inside code fences and chunks text without headings', () => {
    const text = `${para('alpha', 30)}\n\n\`\`\`\n# not a heading\n\`\`\`\n\n${para('beta', 30)}`;
    const chunks = chunkText(text)!;
    expect(chunks.every((c) => c.sectionHeader === null)).toBe(true);
    expect(chunks.map((c) => c.text).join('\n')).toContain('# not a heading');
  });

  it('cuts a run-on text without sentence ends', () => {
    const chunks = chunkText('word '.repeat(1000))!;
    expect(chunks.length).toBeGreaterThan(4);
    expect(chunks.every((c) => c.text.length <= 1000)).toBe(true);
  });
});

describe('leadSentence', () => {
  it('takes the first sentence after a heading, capped', () => {
    expect(leadSentence('## Deploys\nWe deploy on Tuesdays. Never on Fridays.')).toBe('We deploy on Tuesdays.');
    expect(leadSentence('a'.repeat(400)).length).toBe(160);
  });
});
