import type { ContainerAccess } from '../../core/access/container-access.js';
import type { FileRecordView } from '../../core/files/record.js';
import type { KeyView } from '../../core/keys/key-view.js';
import type { ToolSetting } from '../../core/toggles/tool-settings.js';
import type { CreditLedgerRow, EntryCounts, Transport } from '../../store/types.js';
import { esc } from '../web/html.js';
import { csrfField } from './layout.js';
import { createKeyForm, keysTable, newKeyPanel } from './keys-table.js';

export interface ContainerPageData {
  access: ContainerAccess;
  keys: KeyView[];
  tools: ToolSetting[];
  canToggle: boolean;
  canChangeSettings: boolean;
  balance: number;
  ledger: CreditLedgerRow[];
  counts: EntryCounts;
  files: FileRecordView[];
  newKey?: { name: string; key: string; replaces?: string };
  csrf: string;
}

const base = (id: string) => `/dashboard/containers/${encodeURIComponent(id)}`;

function accessSection(d: ContainerPageData): string {
  const id = d.access.container.id;
  if (d.access.visitor) {
    return `<section aria-labelledby="access-h"><h2 id="access-h">Access</h2><p>You read this public container as a visitor; only its organization's members and grant holders create keys for it.</p></section>`;
  }
  return `<section aria-labelledby="access-h"><h2 id="access-h">Access</h2>
<p class="muted">Container-scoped keys reach only this container. One key per agent, integration or automation.</p>
${d.newKey ? newKeyPanel(d.newKey) : ''}
${keysTable(d.keys, `${base(id)}/keys`, d.csrf, 'Scoped keys of this container')}
<h3>New scoped key</h3>${createKeyForm(`${base(id)}/keys`, d.csrf)}</section>`;
}

function toggleCell(d: ContainerPageData, t: ToolSetting, transport: Transport): string {
  const s = t[transport];
  const label = transport === 'mcp' ? 'MCP' : 'REST';
  const applies = s.enabled === s.active;
  const state = s.enabled ? `<span class="on">on</span>` : `<span class="off">off</span>`;
  const note = applies ? '' : ' <span class="muted">(ephemeral containers only)</span>';
  if (!d.canToggle) return `<td>${state}${note}</td>`;
  const verb = s.enabled ? 'Turn off' : 'Turn on';
  return `<td>${state}${note} <form class="inline" method="post" action="${base(d.access.container.id)}/tools">${csrfField(d.csrf)}
<input type="hidden" name="tool" value="${esc(t.name)}"><input type="hidden" name="transport" value="${transport}"><input type="hidden" name="enabled" value="${s.enabled ? 'false' : 'true'}">
<button type="submit" aria-label="${esc(`${verb} ${t.name} on ${label}`)}">${verb}</button></form></td>`;
}

function toolsSection(d: ContainerPageData): string {
  const rows = d.tools.map((t) => `<tr><th scope="row"><code>${esc(t.name)}</code></th>${toggleCell(d, t, 'mcp')}${toggleCell(d, t, 'rest')}</tr>`).join('');
  return `<section aria-labelledby="tools-h"><h2 id="tools-h">Tools</h2>
${d.canToggle ? '' : '<p class="muted">Only an organization owner or admin with admin permission on this container can toggle tools.</p>'}
<table><caption>Tools per transport (an inactive tool is absent from MCP tools/list and answers 404 on REST)</caption>
<thead><tr><th scope="col">Tool</th><th scope="col">MCP</th><th scope="col">REST</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

function settingsSection(d: ContainerPageData): string {
  const c = d.access.container;
  const status = `<dl><dt>Visibility</dt><dd id="visibility">${c.isPublic ? 'public: any signed-in user can read it' : 'private'}</dd>
<dt>Analysis cadence</dt><dd id="cadence">${esc(c.analysisCadence)}</dd><dt>Paused</dt><dd id="paused">${c.paused ? 'yes: tool calls answer 503 until resumed' : 'no'}</dd></dl>`;
  if (!d.canChangeSettings) return `<section aria-labelledby="settings-h"><h2 id="settings-h">Settings</h2>${status}<p class="muted">Only a container admin can change these.</p></section>`;
  const form = (field: string, value: string, label: string) =>
    `<form class="inline" method="post" action="${base(c.id)}/settings">${csrfField(d.csrf)}<input type="hidden" name="${field}" value="${value}"><button type="submit">${label}</button></form>`;
  return `<section aria-labelledby="settings-h"><h2 id="settings-h">Settings</h2>${status}
<p>${c.isPublic ? form('public', 'false', 'Make private') : form('public', 'true', 'Make public')}
${c.analysisCadence === 'automatic' ? form('cadence', 'manual', 'Switch to manual analysis') : form('cadence', 'automatic', 'Switch to automatic analysis')}
${c.analysisCadence === 'manual' ? form('analyze', 'now', 'Run an analysis pass') : ''}
${c.paused ? form('paused', 'false', 'Resume container') : form('paused', 'true', 'Pause container')}</p></section>`;
}

function usageSection(d: ContainerPageData): string {
  const rows = d.ledger
    .map((r) => `<tr><td>${esc(new Date(r.at).toISOString().replace('T', ' ').slice(0, 19))}</td><td>${r.tool ? `<code>${esc(r.tool)}</code>` : esc(r.reason)}</td><td>${r.amount > 0 ? '+' : ''}${r.amount}</td></tr>`)
    .join('');
  return `<section aria-labelledby="usage-h"><h2 id="usage-h">Usage and credits</h2>
<p>Organization balance: <strong id="balance">${d.balance}</strong> credits.
Entries: ${d.counts.total} in all, ${d.counts.analyzed} of ${d.counts.eligible} analysed, ${d.counts.composites} composites.</p>
${rows ? `<table><caption>Recent credit charges on this container</caption><thead><tr><th scope="col">When (UTC)</th><th scope="col">Tool</th><th scope="col">Credits</th></tr></thead><tbody>${rows}</tbody></table>` : '<p class="muted">No charged calls yet.</p>'}</section>`;
}

function filesSection(d: ContainerPageData): string {
  if (d.access.visitor) return '';
  const kb = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);
  const rows = d.files
    .map(
      (f) =>
        `<tr><td>${esc(f.name)}</td><td>${esc(f.mimeType)}</td><td>${kb(f.size)}</td><td>${esc(f.processingStatus)}${f.failureReason ? ` — ${esc(f.failureReason)}` : ''}</td><td>${f.chunkCount ?? '–'}</td><td>${esc(f.uploadedAt.replace('T', ' ').slice(0, 19))}</td></tr>`,
    )
    .join('');
  return `<section aria-labelledby="files-h"><h2 id="files-h">Files</h2>
${rows ? `<table><caption>Uploaded files (upload with <code>svc upload</code> or <code>POST /files</code>)</caption><thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Size</th><th scope="col">Status</th><th scope="col">Chunks</th><th scope="col">Uploaded (UTC)</th></tr></thead><tbody>${rows}</tbody></table>` : '<p class="muted">No files yet. Upload with <code>svc upload FILE</code>.</p>'}</section>`;
}

export function containerBody(d: ContainerPageData): string {
  const c = d.access.container;
  const facts = `<p><code>${esc(c.id)}</code> · ${c.isEphemeral ? '<span class="badge">ephemeral</span>' : '<span class="badge">permanent</span>'} · your permission: ${esc(d.access.permission)} · initialization ${esc(c.initializationStatus)}</p>`;
  return `<p><a href="/dashboard">← All containers</a></p>${facts}${accessSection(d)}${toolsSection(d)}${settingsSection(d)}${filesSection(d)}${usageSection(d)}`;
}
