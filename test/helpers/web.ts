import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

/** Screenshots of each page land here (gitignored) so a person can check the layout after a run. */
export const ARTIFACTS = resolve(import.meta.dirname, '../../test-artifacts');

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Moves a claim link's expiry into the past, straight in the daemon's control database (WAL). */
export function expireClaimLink(dataDir: string, claimUrl: string): void {
  const token = claimUrl.split('/claim/')[1];
  const db = new Database(join(dataDir, 'control.db'));
  try {
    const hash = createHash('sha256').update(token, 'utf8').digest('hex');
    const r = db.prepare('UPDATE claim_links SET expires_at = ? WHERE token_hash = ?').run(Date.now() - 1000, hash);
    if (r.changes !== 1) throw new Error('claim link not found in the control database');
  } finally {
    db.close();
  }
}

/** An ephemeral container made the way an agent makes one: POST /ephemeral without credentials. */
export async function createEphemeral(url: string, name: string): Promise<{ containerId: string; key: string }> {
  const res = await fetch(`${url}/ephemeral`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  if (res.status !== 201) throw new Error(`POST /ephemeral answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as any).data;
}
