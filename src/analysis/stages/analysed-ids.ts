import type { ContainerStore } from '../../store/types.js';

/**
 * Rows analysed before the index was (re)created. Rows still awaiting analysis already have a queued job
 * that will embed them; queuing a second one would only repeat the work.
 */
export async function analysedIds(entries: ContainerStore): Promise<string[]> {
  const pending = new Set(await entries.listSearchableIds(false));
  return (await entries.listSearchableIds(true)).filter((id) => !pending.has(id));
}
