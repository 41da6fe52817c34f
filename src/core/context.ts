import type { ContainerRecord, ContainerStore, Permission, Stores, Transport } from '../store/types.js';
import type { Principal } from './access/principal.js';

/** Everything a domain operation on one container needs, established by the transport before it runs. */
export interface ContainerContext {
  stores: Stores;
  container: ContainerRecord;
  entries: ContainerStore;
  principal: Principal;
  permission: Permission;
  visitor: boolean;
  transport: Transport;
  now: number;
  /** Tells the background queue that this container has new work (a hint; the queue also polls). */
  wake(containerId: string): void;
}
