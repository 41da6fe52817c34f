import Database from 'better-sqlite3';
import { join } from 'node:path';

/** Sets a tool toggle straight in a daemon's control database (WAL lets the daemon see it at once). */
export function setToggle(dataDir: string, containerId: string, tool: string, transport: 'rest' | 'mcp', enabled: boolean): void {
  const db = new Database(join(dataDir, 'control.db'));
  try {
    db.prepare(
      'INSERT INTO tool_toggles (container_id, tool, transport, enabled) VALUES (?, ?, ?, ?) ON CONFLICT (container_id, tool, transport) DO UPDATE SET enabled = excluded.enabled',
    ).run(containerId, tool, transport, enabled ? 1 : 0);
  } finally {
    db.close();
  }
}
