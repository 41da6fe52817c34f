import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, startDaemon, type TestDaemon } from '../helpers/daemon.js';

// A stand-in OpenAI-compatible endpoint: bag-of-words embeddings, and a chat model that names one made-up
// organization and judges one made-up pair as an update. Lowercase text keeps the offline tagger out of it.
const DIM = 32;
const prompts: string[] = [];
let fake: Server;
let d: TestDaemon;

function answer(prompt: string): string {
  if (prompt.startsWith('List the named people')) {
    return /zorblax/i.test(prompt) ? '[{"name": "Zorblax Widgets", "type": "organization"}]' : '[]';
  }
  if (prompt.startsWith('Classify how the NEW')) {
    const [, oldPart, newPart] = /OLD: ([\s\S]*)\nNEW: ([\s\S]*)$/.exec(prompt)!;
    return /friday/.test(oldPart) && /monday/.test(newPart) ? '{"label": "supersedes", "confidence": 0.95}' : '{"label": "none"}';
  }
  return 'a passage';
}

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/embeddings') {
        const vec = (t: string) => {
          const v = new Array(DIM).fill(0.01);
          for (const w of t.toLowerCase().match(/[a-z]+/g) ?? []) v[[...w].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % DIM, 0)] += 1;
          return v;
        };
        res.end(JSON.stringify({ data: body.input.map((t: string, index: number) => ({ index, embedding: vec(t) })) }));
        return;
      }
      const prompt: string = body.messages[0].content;
      prompts.push(prompt);
      res.end(JSON.stringify({ choices: [{ message: { content: answer(prompt) } }] }));
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  d = await startDaemon({
    env: { SVC_AI_BASE_URL: base, SVC_AI_API_KEY: 'sk-test', SVC_EMBEDDING_MODEL: 'fake-embed', SVC_EMBEDDING_DIMENSION: String(DIM), SVC_CHAT_MODEL: 'fake-chat' },
  });
}, 60_000);
afterAll(async () => {
  await d?.stop();
  fake?.close();
});

const analysed = () => eventually(async () => (await d.rest('GET', '/status')).body.data.counts.entries.pending === 0);

it('with a configured LLM, entities and provenance edges come from the model', async () => {
  const first = (await d.rest('POST', '/tools/write', { body: { content: 'the zorblax widgets launch is on friday' } })).body.data.entryId;
  await analysed();
  const second = (await d.rest('POST', '/tools/write', { body: { content: 'the zorblax widgets launch moved to monday' } })).body.data.entryId;
  await analysed();

  const list = (await d.rest('POST', '/tools/explore', { body: {} })).body.data;
  expect(list.entities).toEqual([expect.objectContaining({ name: 'Zorblax Widgets', entityType: 'organization', mentions: 2 })]);
  const got = (await d.rest('POST', '/tools/explore', { body: { mode: 'get', id: second } })).body.data;
  expect(got.relationships.byType.supersedes.from).toEqual([
    { fromId: second, toId: first, type: 'supersedes', properties: { confidence: 0.95, reason: 'llm:openai:fake-chat' } },
  ]);
  expect(prompts.some((p) => p.startsWith('List the named people'))).toBe(true);
  expect(prompts.some((p) => p.startsWith('Classify how the NEW'))).toBe(true);
});
