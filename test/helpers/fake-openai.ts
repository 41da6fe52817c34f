import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOpenAi {
  /** Base URL to configure as SVC_AI_BASE_URL. */
  base: string;
  /** Every request svc made: path, Authorization header, JSON body. */
  calls: Array<{ path: string; auth: string | undefined; body: any }>;
  /** Environment for startDaemon that points svc at this endpoint. */
  env: Record<string, string>;
  close(): void;
}

/** Hashed bag-of-words vectors: similar texts get similar vectors, deterministically. */
export function bagOfWords(text: string, dim: number): number[] {
  const v = new Array(dim).fill(0.01);
  for (const w of text.toLowerCase().match(/[a-z]+/g) ?? []) v[[...w].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % dim, 0)] += 1;
  return v;
}

/**
 * A stand-in OpenAI-compatible endpoint on 127.0.0.1: `/v1/embeddings` answers bag-of-words vectors and
 * `/v1/chat/completions` answers what `chat(prompt)` returns for the first message.
 */
export async function startFakeOpenAi(chat: (prompt: string) => string, dim = 64): Promise<FakeOpenAi> {
  const calls: FakeOpenAi['calls'] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      calls.push({ path: req.url!, auth: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/embeddings') {
        res.end(JSON.stringify({ data: body.input.map((t: string, index: number) => ({ index, embedding: bagOfWords(t, dim) })) }));
        return;
      }
      res.end(JSON.stringify({ choices: [{ message: { content: chat(body.messages[0].content) } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    base,
    calls,
    env: { SVC_AI_BASE_URL: base, SVC_AI_API_KEY: 'sk-test', SVC_EMBEDDING_MODEL: 'fake-embed', SVC_EMBEDDING_DIMENSION: String(dim), SVC_CHAT_MODEL: 'fake-chat' },
    close: () => server.close(),
  };
}
