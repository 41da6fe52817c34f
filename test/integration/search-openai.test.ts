import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.js';
import { analysed, search, write } from '../helpers/search.js';

// A stand-in OpenAI-compatible server: bag-of-words embeddings and a chat model that grades passages
// mentioning "pelican" highest. It records what svc asked.
const DIM = 64;
let fake: FakeOpenAi;
let d: TestDaemon;

function chat(prompt: string): string {
  if (prompt.startsWith('Rate how well')) {
    const passages = prompt.split('\nPassages:\n')[1]!.split('\n');
    return JSON.stringify(passages.map((p) => (/pelican/i.test(p) ? 10 : 1)));
  }
  return 'Pelicans are large water birds with a throat pouch.';
}

beforeAll(async () => {
  fake = await startFakeOpenAi(chat, DIM);
  d = await startDaemon({ env: fake.env });
}, 60_000);
afterAll(async () => {
  await d?.stop();
  fake?.close();
});

it('uses the configured OpenAI-compatible server for embeddings, HyDE and rerank', async () => {
  await write(d, { content: 'Big water birds scoop fish with a throat pouch' });
  const pelican = await write(d, { content: 'The pelican nests on islands' });
  await write(d, { content: 'Quarterly revenue grew by ten percent' });
  await analysed(d);
  const r = await search(d, { query: 'which bird has a pouch', explain: true });
  expect(r.status).toBe(200);
  const stages = Object.fromEntries(r.body.data.explain.stages.map((s: any) => [s.stage, s]));
  expect(stages['embed-query'].detail).toBe(`openai:fake-embed:${DIM}`);
  expect(stages.hyde.detail).toBe('HyDE via openai:fake-chat');
  expect(stages.prf).toBeUndefined();
  expect(stages.rerank.detail).toBe('llm:openai:fake-chat');
  // The LLM grades decide the order.
  expect(r.body.data.matches[0].id).toBe(pelican);
  expect(fake.calls.some((c) => c.path === '/v1/embeddings' && c.body.model === 'fake-embed')).toBe(true);
  expect(fake.calls.some((c) => c.path === '/v1/chat/completions' && c.body.model === 'fake-chat')).toBe(true);
  expect(fake.calls.every((c) => c.auth === 'Bearer sk-test')).toBe(true);
});
