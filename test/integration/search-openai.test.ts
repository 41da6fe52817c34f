import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { analysed, search, write } from '../helpers/search.js';

// A stand-in OpenAI-compatible server: hashed bag-of-words embeddings and a chat model that grades
// passages mentioning "pelican" highest. It records what svc asked.
const DIM = 64;
const calls: Array<{ path: string; auth: string | undefined; body: any }> = [];
function embed(text: string): number[] {
  const v = new Array(DIM).fill(0);
  for (const w of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    let h = 0;
    for (const ch of w) h = (h * 31 + ch.charCodeAt(0)) % DIM;
    v[h] += 1;
  }
  return v;
}
let fake: Server;
let base: string;
let d: TestDaemon;

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      calls.push({ path: req.url!, auth: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/embeddings') {
        res.end(JSON.stringify({ data: body.input.map((t: string, index: number) => ({ index, embedding: embed(t) })) }));
        return;
      }
      const prompt: string = body.messages[0].content;
      if (prompt.startsWith('Rate how well')) {
        const passages = prompt.split('\nPassages:\n')[1]!.split('\n');
        res.end(JSON.stringify({ choices: [{ message: { content: JSON.stringify(passages.map((p) => (/pelican/i.test(p) ? 10 : 1))) } }] }));
      } else {
        res.end(JSON.stringify({ choices: [{ message: { content: 'Pelicans are large water birds with a throat pouch.' } }] }));
      }
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  d = await startDaemon({
    env: { SVC_AI_BASE_URL: base, SVC_AI_API_KEY: 'sk-test', SVC_EMBEDDING_MODEL: 'fake-embed', SVC_EMBEDDING_DIMENSION: String(DIM), SVC_CHAT_MODEL: 'fake-chat' },
  });
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
  expect(calls.some((c) => c.path === '/v1/embeddings' && c.body.model === 'fake-embed')).toBe(true);
  expect(calls.some((c) => c.path === '/v1/chat/completions' && c.body.model === 'fake-chat')).toBe(true);
  expect(calls.every((c) => c.auth === 'Bearer sk-test')).toBe(true);
});
