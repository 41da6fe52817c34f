import type { AnalysisStage } from './stage.js';

/**
 * Identical content (same whitespace-normalised hash, the identity svc_delete's includeDuplicates uses)
 * forms a group: each live instance gets an `instance_of` edge to the group's instance record. A single
 * instance has no group edge; the second one creates the group for both.
 */
export const duplicateGroupStage: AnalysisStage = {
  name: 'duplicate-group',
  async run({ entry, env }) {
    if (entry.kind !== 'entry') return;
    const instances = (await env.entries.findByContentHash(entry.contentHash)).filter((e) => e.kind === entry.kind);
    if (instances.length < 2) return;
    const groupId = await env.entries.instanceGroupId(entry.contentHash);
    for (const e of instances) await env.entries.insertEdge({ fromId: e.id, toId: groupId, type: 'instance_of', properties: {} });
  },
};
