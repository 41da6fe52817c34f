import { hashPassword } from '../../auth/passwords.js';
import type { ControlStore, OrgRole } from '../../store/types.js';
import { BadRequest, NotFound } from '../errors.js';

export interface AddMemberInput {
  org: string;
  email: string;
  /** Needed for a new user (to sign in on the consent page); an existing user keeps theirs. */
  password?: string;
  name?: string;
  role: OrgRole;
}

const ROLES: OrgRole[] = ['owner', 'admin', 'member'];

/** Adds a user to an organization with a role (creating the user when the email is new); re-adding changes the role. */
export async function addMember(control: ControlStore, input: AddMemberInput): Promise<{ userId: string; organizationId: string; role: OrgRole; created: boolean }> {
  if (!ROLES.includes(input.role)) throw new BadRequest(`Unknown role ${input.role}; use owner, admin or member`);
  if (!/^[^\s@]+@[^\s@]+$/.test(input.email)) throw new BadRequest(`Not an email address: ${input.email}`);
  const org = await control.getOrg(input.org);
  if (!org) throw new NotFound(`Organization ${input.org} not found`);
  let user = await control.getUserByEmail(input.email);
  const created = !user;
  if (!user) {
    if (!input.password || input.password.length < 8) throw new BadRequest('A new user needs a password of at least 8 characters');
    user = await control.createUser({ email: input.email, name: input.name ?? input.email.split('@')[0], passwordHash: await hashPassword(input.password) });
  }
  await control.addMembership(org.id, user.id, input.role);
  return { userId: user.id, organizationId: org.id, role: input.role, created };
}
