import { assertCanChangeSettings } from '../access/can-change-settings.js';
import type { ContainerAccess } from '../access/container-access.js';
import type { AnalysisCadence, ControlStore } from '../../store/types.js';
import { BadRequest, NotFound } from '../errors.js';

export interface ContainerSettings {
  cadence?: AnalysisCadence;
  paused?: boolean;
  isPublic?: boolean;
}

/** Changes a container's analysis cadence, pause flag or visibility (dashboard operations, headless). */
export async function updateContainerSettings(control: ControlStore, containerId: string, s: ContainerSettings) {
  const c = await control.getContainer(containerId);
  if (!c) throw new NotFound(`Container ${containerId} not found`);
  if (s.cadence !== undefined && s.cadence !== 'automatic' && s.cadence !== 'manual') {
    throw new BadRequest(`Cadence must be automatic or manual, got ${s.cadence}`);
  }
  await control.updateContainer(containerId, {
    analysisCadence: s.cadence,
    paused: s.paused,
    isPublic: s.isPublic,
    // Back to automatic: a pending manual request has no meaning any more.
    ...(s.cadence === 'automatic' ? { analysisRequestedAt: null } : {}),
  });
  const after = (await control.getContainer(containerId))!;
  return { containerId, cadence: after.analysisCadence, paused: after.paused, public: after.isPublic };
}

/** Starts an analysis pass on a manual-cadence container (the only trigger: there is no agent endpoint). */
export async function requestAnalysisPass(control: ControlStore, containerId: string, now = Date.now()) {
  const c = await control.getContainer(containerId);
  if (!c) throw new NotFound(`Container ${containerId} not found`);
  if (c.analysisCadence !== 'manual') return { containerId, requested: false, message: 'Cadence is automatic: analysis already runs continuously' };
  await control.updateContainer(containerId, { analysisRequestedAt: now });
  return { containerId, requested: true, message: 'Analysis pass requested' };
}

/** A caller's settings change: the gate (container admin), then the change. */
export async function changeContainerSettings(control: ControlStore, access: ContainerAccess, s: ContainerSettings) {
  assertCanChangeSettings(access);
  return updateContainerSettings(control, access.container.id, s);
}
