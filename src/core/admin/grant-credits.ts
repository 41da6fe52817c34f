import type { ControlStore } from '../../store/types.js';
import { BadRequest } from '../errors.js';
import { findOrg } from './find-org.js';

export async function grantCredits(control: ControlStore, orgRef: string, amount: number): Promise<{ balance: number }> {
  if (!Number.isInteger(amount) || amount <= 0) throw new BadRequest('The amount must be a positive whole number');
  const org = await findOrg(control, orgRef);
  return { balance: await control.addCredits(org.id, amount, 'grant') };
}
