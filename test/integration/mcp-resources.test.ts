import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon, type TestDaemon } from '../helpers/daemon.js';
import { upload, waitForFile } from '../helpers/files.js';
import { httpClient } from '../helpers/mcp.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startDaemon();
});
afterAll(async () => {
  await d?.stop();
});

describe('MCP resources on svc:// file URIs', () => {
  it('lists the container files and reads one into a signed, expiring download URL that serves the original bytes', async () => {
    const text = '# Notes\n\nThe resource link leads to these exact bytes.\n';
    const up = await upload(d, { name: 'notes.md', data: text, type: 'text/markdown' });
    expect(up.status).toBe(201);
    const file = await waitForFile(d, up.body.data.id);
    expect(file.processingStatus).toBe('complete');

    const client = await httpClient(`${d.url}/mcp/${d.containerId}`, d.key);
    const { resources } = await client.listResources();
    const uri = `svc://${d.containerId}/files/${file.id}`;
    expect(resources).toContainEqual(expect.objectContaining({ uri, name: 'notes.md' }));

    const read = await client.readResource({ uri });
    expect(read.contents).toHaveLength(1);
    expect(read.contents[0]).toMatchObject({ uri, mimeType: 'application/json' });
    const link = JSON.parse(read.contents[0].text as string);
    expect(link).toMatchObject({ fileId: file.id, name: 'notes.md', size: Buffer.byteLength(text), expiresIn: expect.any(Number) });
    expect(Date.parse(link.expiresAt)).toBeGreaterThan(Date.now());
    // The URL needs no credential while it is valid, and returns the original bytes.
    const res = await fetch(link.url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(text);
    // A tampered signature is refused.
    const bad = await fetch(link.url.replace(/signature=([^&]+)/, (_m: string, sig: string) => `signature=${sig.slice(0, -2)}xx`));
    expect(bad.status).toBeGreaterThanOrEqual(400);

    await expect(client.readResource({ uri: `svc://${d.containerId}/files/nope` })).rejects.toThrow(/NOT_FOUND/);
    await expect(client.readResource({ uri: 'https://example.com/x' })).rejects.toThrow(/BAD_REQUEST/);
    await client.close();
  });

  it('refuses a file URI of another container', async () => {
    const other = await d.newContainer('other-files');
    const up = await upload(d, { name: 'o.txt', data: 'other container text' }, { containerId: other.containerId, key: other.key });
    const client = await httpClient(`${d.url}/mcp/${d.containerId}`, d.key);
    await expect(client.readResource({ uri: `svc://${other.containerId}/files/${up.body.data.id}` })).rejects.toThrow();
    await client.close();
  });
});
