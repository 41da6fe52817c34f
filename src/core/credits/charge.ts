import type { ControlStore } from '../../store/types.js';
import { InsufficientCredits } from '../errors.js';

/**
 * Takes a tool's cost from the organization before the tool runs (spec § Limits: credit cost per call).
 * Zero-cost tools are never blocked, whatever the balance.
 */
export async function chargeForTool(control: ControlStore, orgId: string, containerId: string, tool: string, cost: number): Promise<void> {
  if (cost <= 0) return;
  const ok = await control.chargeCredits({ orgId, amount: cost, containerId, tool });
  if (!ok) {
    const balance = await control.getBalance(orgId);
    throw new InsufficientCredits(`${tool} costs ${cost} credit${cost === 1 ? '' : 's'}; the balance is ${balance}`);
  }
}

/** Gives back the cost of a call that failed, so a refused or broken call is not paid for. */
export async function refundTool(control: ControlStore, orgId: string, tool: string, cost: number): Promise<void> {
  if (cost > 0) await control.addCredits(orgId, cost, `refund: ${tool} failed`);
}
