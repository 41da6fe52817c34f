import { randomUUID } from 'node:crypto';
import { JobKind } from '../../analysis/job-kinds.js';
import type { Stores } from '../../store/types.js';
import { BadRequest, NotFound } from '../errors.js';
import { findOrg, orgOwnerId } from './find-org.js';

export interface CreateContainerInput {
  org: string;
  name: string;
  isPublic?: boolean;
  isEphemeral?: boolean;
  /** Acting user; defaults to the organization's owner. The creator is container admin. */
  userId?: string;
}

/** Creates a container and queues its initialization. */
export async function createContainer(stores: Stores, input: CreateContainerInput): Promise<{ containerId: string }> {
  if (!input.name.trim()) throw new BadRequest('The container needs a name');
  const org = await findOrg(stores.control, input.org);
  const createdBy = input.userId ?? (await orgOwnerId(stores.control, org.id));
  const container = await stores.control.createContainer({
    orgId: org.id,
    name: input.name.trim(),
    isPublic: !!input.isPublic,
    isEphemeral: !!input.isEphemeral,
    createdBy,
  });
  const entries = await stores.container(container.id);
  await entries.enqueueJob({ id: randomUUID(), kind: JobKind.initializeContainer, payload: {} });
  return { containerId: container.id };
}

/** A signed-in user creates a container in one of their organizations (any member may; they become its admin). */
export async function createContainerAsMember(stores: Stores, userId: string, orgId: string, name: string): Promise<{ containerId: string }> {
  const role = await stores.control.getMembership(orgId, userId);
  if (!role) throw new NotFound(`Organization ${orgId} not found`);
  if (name.trim().length > 200) throw new BadRequest('The container name is longer than 200 characters');
  return createContainer(stores, { org: orgId, name, userId });
}
