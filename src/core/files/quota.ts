import type { Stores } from '../../store/types.js';
import { PayloadTooLarge } from '../errors.js';
import { MB, ORG_STORAGE_CAP_BYTES } from './limits.js';

/** Bytes of stored files across every container of the organization (how the cap is counted: see limits.ts). */
export async function orgStorageUsed(stores: Stores, orgId: string): Promise<number> {
  let total = 0;
  for (const c of await stores.control.listContainers(orgId)) {
    total += await (await stores.container(c.id)).files.totalBytes();
  }
  return total;
}

const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;

/** 413 when `incoming` more bytes would take the organization past its storage cap. */
export async function assertStorageRoom(stores: Stores, orgId: string, incoming: number): Promise<void> {
  const used = await orgStorageUsed(stores, orgId);
  if (used + incoming > ORG_STORAGE_CAP_BYTES) {
    throw new PayloadTooLarge(
      `The organization's file storage cap is ${mb(ORG_STORAGE_CAP_BYTES)}; ${mb(used)} is in use and this upload needs ${mb(incoming)}. Delete files to make room.`,
    );
  }
}
