import type { ContainerRecord } from '../store/types.js';

/** Analysis waits while a container is paused, or on manual cadence until an administrator asks for a pass. */
export function analysisHeld(c: Pick<ContainerRecord, 'paused' | 'analysisCadence' | 'analysisRequestedAt'>): boolean {
  return c.paused || (c.analysisCadence === 'manual' && c.analysisRequestedAt === null);
}
