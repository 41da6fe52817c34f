import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.js';

// A stand-in OpenAI-compatible endpoint whose chat model names one made-up organization and judges one
// made-up pair as an update. Lowercase text keeps the offline tagger out of it.
let fake: FakeOpenAi;
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
  fake = await startFakeOpenAi(answer, 32);
  d = await startDaemon({ env: fake.env });
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
  const prompts = fake.calls.filter((c) => c.path === '/v1/chat/completions').map((c) => c.body.messages[0].content as string);
  expect(prompts.some((p) => p.startsWith('List the named people'))).toBe(true);
  expect(prompts.some((p) => p.startsWith('Classify how the NEW'))).toBe(true);
});
