import Database from 'better-sqlite3';
import { join } from 'node:path';
import { eventually, type TestDaemon } from './daemon.js';

export async function write(d: TestDaemon, body: Record<string, unknown>): Promise<string> {
  const r = await d.rest('POST', '/tools/write', { body });
  if (r.status !== 200) throw new Error(`write failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.entryId as string;
}

export async function search(d: TestDaemon, body: Record<string, unknown>) {
  return d.rest('POST', '/tools/search', { body });
}

/** Waits until the container has no pending analysis (status counts). */
export async function analysed(d: TestDaemon, ms = 30_000): Promise<void> {
  await eventually(async () => {
    const s = await d.rest('GET', '/status');
    return s.body.data.counts.entries.pending === 0;
  }, ms);
}

/** Adds edges straight into the container database, standing in for analysis that produces them. */
export function insertEdges(d: TestDaemon, edges: Array<{ fromId: string; toId: string; type: string }>): void {
  const db = new Database(join(d.dataDir, 'containers', `${d.containerId}.db`));
  db.pragma('busy_timeout = 5000');
  const stmt = db.prepare("INSERT INTO edges (from_id, to_id, type, properties, created_at) VALUES (?, ?, ?, '{}', ?)");
  for (const e of edges) stmt.run(e.fromId, e.toId, e.type, Date.now());
  db.close();
}

/** A markdown document long enough to be chunked, with sections. */
export function longMarkdown(): string {
  const para = (topic: string, n: number) =>
    Array.from({ length: n }, (_, i) => `${topic} detail ${i + 1}: this sentence explains one more aspect of ${topic.toLowerCase()} in plain words.`).join(' ');
  return [
    '# Operations handbook',
    '',
    '## Deploys',
    '',
    para('Deploy', 12),
    '',
    para('Rollback', 10),
    '',
    '## Incidents',
    '',
    para('Incident', 12),
    '',
    '## Databases',
    '',
    para('Backup', 12),
  ].join('\n');
}
