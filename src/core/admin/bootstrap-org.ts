import { hashPassword } from '../../auth/passwords.js';
import type { ControlStore } from '../../store/types.js';
import { BadRequest, Conflict } from '../errors.js';

export interface BootstrapInput {
  email: string;
  password: string;
  org: string;
  name?: string;
  initialCredits: number;
}

/** Creates an organization with its first user as owner (`svc admin init`). */
export async function bootstrapOrg(control: ControlStore, input: BootstrapInput): Promise<{ organizationId: string; userId: string }> {
  if (!/^[^\s@]+@[^\s@]+$/.test(input.email)) throw new BadRequest(`Not an email address: ${input.email}`);
  if (input.password.length < 8) throw new BadRequest('The password must have at least 8 characters');
  if (!input.org.trim()) throw new BadRequest('The organization needs a name');
  if (await control.getOrg(input.org)) throw new Conflict(`Organization ${input.org} already exists`);
  let user = await control.getUserByEmail(input.email);
  if (user) throw new Conflict(`A user with email ${input.email} already exists`);
  const org = await control.createOrg(input.org.trim(), input.initialCredits);
  user = await control.createUser({
    email: input.email,
    name: input.name ?? input.email.split('@')[0],
    passwordHash: await hashPassword(input.password),
  });
  await control.addMembership(org.id, user.id, 'owner');
  return { organizationId: org.id, userId: user.id };
}
