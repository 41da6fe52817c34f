import type { ControlStore } from '../../store/types.js';
import { bootstrapOrg } from '../admin/bootstrap-org.js';
import { BadRequest } from '../errors.js';

export interface SignUpInput {
  email: string;
  password: string;
  name?: string;
  /** Name of the new organization; defaults to the email address (unique, since emails are). */
  organization?: string;
}

/**
 * Self-service sign-up (dashboard and claim page): a new user and a new organization they own, with the
 * server's initial credit grant. Same rules as `svc admin init` (email shape, 8+ character password,
 * unique email and organization name).
 */
export async function signUp(control: ControlStore, input: SignUpInput, initialCredits: number): Promise<{ organizationId: string; userId: string }> {
  const email = input.email.trim();
  if (input.password.length > 1024) throw new BadRequest('The password is longer than 1024 characters');
  const org = (input.organization ?? '').trim() || email;
  if (org.length > 200) throw new BadRequest('The organization name is longer than 200 characters');
  return bootstrapOrg(control, { email, password: input.password, org, name: input.name?.trim() || undefined, initialCredits });
}
