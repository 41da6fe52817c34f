import type { ControlStore, OrgRecord } from '../../store/types.js';
import { NotFound } from '../errors.js';

/** An organization by id or by name, or a NOT_FOUND naming what was asked for. */
export async function findOrg(control: ControlStore, idOrName: string): Promise<OrgRecord> {
  const org = await control.getOrg(idOrName);
  if (!org) throw new NotFound(`Organization ${idOrName} not found`);
  return org;
}

/** The owner acting when an administrator works directly on the data dir. */
export async function orgOwnerId(control: ControlStore, orgId: string): Promise<string> {
  const owner = await control.getOrgOwner(orgId);
  if (!owner) throw new NotFound(`Organization ${orgId} has no owner`);
  return owner;
}
