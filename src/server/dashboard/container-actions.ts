import { fileRecordView } from '../../core/files/record.js';
import type { Principal } from '../../core/access/principal.js';
import { assertCanChangeSettings } from '../../core/access/can-change-settings.js';
import { resolveContainerAccess } from '../../core/access/container-access.js';
import { changeContainerSettings, requestAnalysisPass } from '../../core/admin/container-settings.js';
import { BadRequest, NotFound } from '../../core/errors.js';
import { createKey } from '../../core/keys/create-key.js';
import { deleteKey, disableKey, enableKey } from '../../core/keys/key-transitions.js';
import { listKeys } from '../../core/keys/list-keys.js';
import { assertCanToggleTools, listToolSettings, setToolSetting } from '../../core/toggles/tool-settings.js';
import type { Stores, UserRecord } from '../../store/types.js';
import { TOOLS } from '../../tools/registry.js';
import type { ContainerPageData } from './container-view.js';
import type { NoticeCode } from './notices.js';

/** The dashboard acts as the signed-in user with their own permissions (the same principal an OAuth token gives). */
export function webPrincipal(user: UserRecord, orgId: string): Principal {
  return { kind: 'oauth', userId: user.id, orgId, scopeContainerId: null, credentialName: 'dashboard' };
}

const allowed = (check: () => void) => {
  try {
    check();
    return true;
  } catch {
    return false;
  }
};

/** Everything the container page shows, read through the core functions with the user's permissions. */
export async function loadContainerPage(stores: Stores, user: UserRecord, containerId: string, csrf: string): Promise<ContainerPageData> {
  const control = stores.control;
  const access = await resolveContainerAccess(control, webPrincipal(user, ''), containerId);
  const actor = webPrincipal(user, access.container.orgId);
  const keys = access.visitor ? [] : await listKeys(control, actor, { containerId: access.container.id });
  return {
    access,
    keys,
    tools: await listToolSettings(control, access.container, TOOLS),
    canToggle: allowed(() => assertCanToggleTools(access)),
    canChangeSettings: allowed(() => assertCanChangeSettings(access)),
    balance: await control.getBalance(access.container.orgId),
    ledger: await control.listCreditLedger(access.container.orgId, { containerId: access.container.id, limit: 15 }),
    counts: await (await stores.container(access.container.id)).counts(),
    // Visitors do not see the file list (it is hidden from them on REST and MCP too).
    files: access.visitor ? [] : (await (await stores.container(access.container.id)).files.list()).map(fileRecordView),
    csrf,
  };
}

export type KeyAction = 'rotate' | 'disable' | 'enable' | 'delete';

/** Runs a key transition that needs no one-time display (rotation is called directly for that). */
export async function runKeyAction(stores: Stores, actor: Principal, keyId: string, action: string) {
  if (action === 'disable') return disableKey(stores.control, actor, keyId);
  if (action === 'enable') return enableKey(stores.control, actor, keyId);
  if (action === 'delete') return deleteKey(stores.control, actor, keyId);
  throw new NotFound(`Unknown key action ${action}`);
}

/** A date from the form's date input becomes the end of that day in UTC (the key works through that date). */
export function expiryFromForm(value: string | null): string | undefined {
  if (!value) return undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value;
}

export async function createContainerKey(stores: Stores, user: UserRecord, containerId: string, form: URLSearchParams) {
  const access = await resolveContainerAccess(stores.control, webPrincipal(user, ''), containerId);
  const actor = webPrincipal(user, access.container.orgId);
  return createKey(stores.control, actor, { name: form.get('name') ?? '', containerId: access.container.id, expiresAt: expiryFromForm(form.get('expires')), source: 'dashboard' });
}

const bool = (v: string | null, field: string) => {
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new BadRequest(`${field} must be true or false`);
};

export async function toggleTool(stores: Stores, user: UserRecord, containerId: string, form: URLSearchParams) {
  const access = await resolveContainerAccess(stores.control, webPrincipal(user, ''), containerId);
  const transport = form.get('transport');
  if (transport !== 'mcp' && transport !== 'rest') throw new BadRequest('transport must be mcp or rest');
  return setToolSetting(stores.control, access, TOOLS, { tool: form.get('tool') ?? '', transport, enabled: bool(form.get('enabled'), 'enabled') });
}

/** One settings form posts one field: public, cadence, paused, or analyze (a manual pass). */
export async function changeSettings(stores: Stores, user: UserRecord, containerId: string, form: URLSearchParams): Promise<NoticeCode> {
  const access = await resolveContainerAccess(stores.control, webPrincipal(user, ''), containerId);
  if (form.has('public')) {
    const isPublic = bool(form.get('public'), 'public');
    await changeContainerSettings(stores.control, access, { isPublic });
    return isPublic ? 'public' : 'private';
  }
  if (form.has('cadence')) {
    const r = await changeContainerSettings(stores.control, access, { cadence: form.get('cadence') as 'automatic' | 'manual' });
    return r.cadence === 'manual' ? 'cadence-manual' : 'cadence-automatic';
  }
  if (form.has('paused')) {
    const paused = bool(form.get('paused'), 'paused');
    await changeContainerSettings(stores.control, access, { paused });
    return paused ? 'paused' : 'resumed';
  }
  if (form.get('analyze') === 'now') {
    assertCanChangeSettings(access);
    return (await requestAnalysisPass(stores.control, access.container.id)).requested ? 'analysis' : 'analysis-automatic';
  }
  throw new BadRequest('Nothing to change');
}
