import Database from 'better-sqlite3';
import { join } from 'node:path';

/**
 * Switches a tool on or off for a container by writing the toggle row the way an owner's toggle does
 * (the control database's tool_toggles table); the daemon reads toggles on every call.
 */
export function setToolToggle(dataDir: string, containerId: string, tool: string, transport: 'rest' | 'mcp', enabled: boolean): void {
  const db = new Database(join(dataDir, 'control.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `INSERT INTO tool_toggles (container_id, tool, transport, enabled) VALUES (?, ?, ?, ?)
       ON CONFLICT (container_id, tool, transport) DO UPDATE SET enabled = excluded.enabled`,
    ).run(containerId, tool, transport, enabled ? 1 : 0);
  } finally {
    db.close();
  }
}
