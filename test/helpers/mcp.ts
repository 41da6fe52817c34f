import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey } from '../../src/core/admin/create-api-key.js';
import { SqliteStores } from '../../src/store/sqlite/stores.js';
import type { OrgRole, Permission } from '../../src/store/types.js';
import { BIN, svcJson } from './daemon.js';

/** The SDK's own client over Streamable HTTP, sending the key as x-api-key. */
export async function httpClient(url: string, key: string): Promise<Client> {
  const client = new Client({ name: 'svc-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { 'x-api-key': key } } }));
  return client;
}

/** The SDK's own client over stdio, launching `node bin/svc.js <args>` like an agent host would. */
export async function stdioClient(args: string[], env: Record<string, string>): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: 'node', args: [BIN, ...args], env: { PATH: process.env.PATH ?? '', ...env }, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'svc-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

export interface ToolAnswer {
  isError: boolean;
  /** The JSON the result's text carries: the tool's data, or `{code, message}` for an error. */
  body: any;
  raw: any;
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  const raw: any = await client.callTool({ name, arguments: args });
  return { isError: raw.isError === true, body: JSON.parse(raw.content[0].text), raw };
}

export async function toolNames(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((t) => t.name);
}

/** An organization's credit balance, read from the control database. */
export function balance(dataDir: string, orgId: string): number {
  const db = new Database(join(dataDir, 'control.db'), { readonly: true });
  try {
    return (db.prepare('SELECT credits FROM orgs WHERE id = ?').get(orgId) as { credits: number }).credits;
  } finally {
    db.close();
  }
}

/**
 * A second user in an organization with a role and optionally a container grant, and an account key for
 * them. There is no admin command for members yet, so the fixture uses the store directly.
 */
export async function addMember(dataDir: string, o: { orgId: string; email: string; role: OrgRole; grant?: { containerId: string; permission: Permission } }): Promise<string> {
  const stores = new SqliteStores(dataDir);
  try {
    const user = await stores.control.createUser({ email: o.email, name: o.email, passwordHash: null });
    await stores.control.addMembership(o.orgId, user.id, o.role);
    if (o.grant) await stores.control.setGrant(o.grant.containerId, user.id, o.grant.permission);
    const { key } = await createApiKey(stores.control, { org: o.orgId, name: `${o.email}-key`, userId: user.id });
    return key;
  } finally {
    await stores.close();
  }
}

/** A data dir bootstrapped with `svc admin` (organization, container, scoped key) and no daemon. */
export async function bootstrapDataDir(opts: { initialCredits?: number } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-mcp-'));
  const env: Record<string, string> = { SVC_CONFIG_DIR: join(dataDir, 'cli-config'), SVC_INITIAL_CREDITS: String(opts.initialCredits ?? 1000) };
  const admin = <T = any>(args: string[]) => svcJson<T>(['admin', ...args, '--data-dir', dataDir], env);
  const init = await admin<{ organizationId: string; userId: string }>(['init', '--email', 'owner@example.com', '--password', 'correct horse', '--org', 'acme']);
  const { containerId } = await admin<{ containerId: string }>(['container', 'create', '--org', 'acme', '--name', 'main']);
  const { key } = await admin<{ key: string }>(['key', 'create', '--org', 'acme', '--container', containerId, '--name', 'agent']);
  return { dataDir, env, orgId: init.organizationId, containerId, key, admin };
}
