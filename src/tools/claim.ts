import { z } from 'zod';
import { issueClaimLink } from '../core/claim/claim-link.js';
import { defineTool } from './definition.js';

/** Where claim links point when the call did not come through the daemon's HTTP (stdio on a local data dir). */
const LOCAL_DAEMON = 'http://127.0.0.1:7700';

export const claimTool = defineTool({
  name: 'svc_claim',
  description:
    'Get a link that turns this ephemeral container into a permanent one: a person opens it, signs up or signs in, and the container (with its keys) moves into their organization. Each call gives a fresh link valid for one hour.',
  input: z.object({}),
  cost: 0,
  permission: 'read',
  defaults: { mcp: true, rest: true },
  ephemeralOnly: true,
  hiddenFromVisitors: true,
  rest: { method: 'POST', path: '/claim' },
  handler: (ctx) => issueClaimLink(ctx.stores.control, ctx.container.id, ctx.baseUrl || LOCAL_DAEMON),
});
