import { analysisHeld } from '../../analysis/analysis-held.js';
import type { ContainerContext } from '../context.js';

export interface StatusRecord {
  containerId: string;
  containerName: string;
  is_ephemeral: boolean;
  initialized: boolean;
  initializationStatus: string;
  paused: boolean;
  ready: boolean;
  counts: {
    tools: number;
    composites: number;
    entityTypes: number;
    entries: { total: number; eligible: number; analyzed: number; pending: number };
  };
  analysis: { inProgress: boolean; cadence: string };
}

/** Spec § Container. `activeTools` is counted by the tool layer for the caller's transport. */
export async function containerStatus(ctx: ContainerContext, activeTools: number): Promise<StatusRecord> {
  const c = ctx.container;
  const counts = await ctx.entries.counts();
  const initialized = c.initializationStatus === 'complete';
  return {
    containerId: c.id,
    containerName: c.name,
    is_ephemeral: c.isEphemeral,
    initialized,
    initializationStatus: c.initializationStatus,
    paused: c.paused,
    ready: initialized && !c.paused,
    counts: {
      tools: activeTools,
      composites: counts.composites,
      entityTypes: counts.entityTypes,
      entries: {
        total: counts.total,
        eligible: counts.eligible,
        analyzed: counts.analyzed,
        pending: Math.max(0, counts.eligible - counts.analyzed),
      },
    },
    // A pass is running when queued work exists and nothing holds it (pause, or manual cadence without a request).
    analysis: { inProgress: !analysisHeld(c) && (await ctx.entries.pendingJobCount()) > 0, cadence: c.analysisCadence },
  };
}
