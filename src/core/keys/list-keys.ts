import type { ControlStore } from '../../store/types.js';
import type { Principal } from '../access/principal.js';
import { assertCanManageKeys, canManageKey } from './key-actor.js';
import { keyView, type KeyView } from './key-view.js';

/** The keys the actor may manage (own keys; all of an organization for its owners and admins), deleted ones left out. */
export async function listKeys(control: ControlStore, actor: Principal, filter: { containerId?: string } = {}, now = Date.now()): Promise<KeyView[]> {
  assertCanManageKeys(actor);
  const orgIds = actor.kind === 'api_key' ? [actor.orgId] : (await control.listUserOrgs(actor.userId)).map((o) => o.org.id);
  const out: KeyView[] = [];
  for (const orgId of orgIds) {
    for (const k of await control.listApiKeys(orgId)) {
      if (filter.containerId && k.containerId !== filter.containerId) continue;
      if (await canManageKey(control, actor, k)) out.push(keyView(k, now));
    }
  }
  return out;
}
