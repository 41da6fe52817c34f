import { permits, resolveContainerAccess } from '../core/access/container-access.js';
import type { Principal } from '../core/access/principal.js';
import { chargeForTool, refundTool } from '../core/credits/charge.js';
import { Forbidden, NotFound, ServiceUnavailable } from '../core/errors.js';
import type { Stores, Transport } from '../store/types.js';
import type { ToolContext, ToolDefinition } from './definition.js';
import { findTool } from './registry.js';
import { parseToolInput } from './validate.js';
import { activeToolNames } from './visibility.js';

export interface ToolRuntime {
  stores: Stores;
  wake(containerId: string): void;
  /** The daemon's public base URL, for links a tool hands out (claim links). */
  baseUrl?(): string;
}

export interface ToolCall {
  principal: Principal;
  containerId: string;
  transport: Transport;
  tool: string;
  input: unknown;
  /** MCP only: the session label that makes the default write source `agent:<session>`. */
  agentSession?: string;
}

const TRANSPORT_LABEL: Record<Transport, string> = { rest: 'REST', mcp: 'MCP' };

/** A call that passed every gate: the tool, and the context its handler runs with. */
export interface AdmittedCall {
  tool: ToolDefinition<any, any>;
  ctx: ToolContext;
}

/**
 * The gates every tool call passes, whatever the transport and however its payload arrives (JSON, or a
 * multipart upload streamed by the REST layer): access, visitor rule, activity on this transport,
 * permission, pause. Returns the handler's context.
 */
export async function admitToolCall(rt: ToolRuntime, call: Omit<ToolCall, 'input'>): Promise<AdmittedCall> {
  const { control } = rt.stores;
  const access = await resolveContainerAccess(control, call.principal, call.containerId);
  const tool = findTool(call.tool);
  const active = await activeToolNames(control, access, call.transport);
  if (!tool) throw new NotFound(`Tool ${call.tool} not found`);
  // spec § Permissions: write-side tools are hidden from public-container visitors; a call is a 403
  // (read-only access), not the 404 of a tool someone switched off.
  if (access.visitor && tool.hiddenFromVisitors) {
    throw new Forbidden(`${tool.name} is not available to visitors of a public container: visitors have read-only access`);
  }
  if (!active.includes(tool.name)) {
    throw new NotFound(`Tool ${tool.name} is not enabled for the ${TRANSPORT_LABEL[call.transport]} transport on this container`);
  }
  if (!permits(access.permission, tool.permission)) {
    throw new Forbidden(`${tool.name} needs ${tool.permission} access to this container; this credential has ${access.permission} access`);
  }
  // A paused container answers only its readiness gate (svc_status); everything else waits for resume.
  if (access.container.paused && tool.name !== 'svc_status') {
    throw new ServiceUnavailable(`Container ${access.container.id} is paused by an administrator; retry after it is resumed`, 60);
  }
  const ctx: ToolContext = {
    stores: rt.stores,
    container: access.container,
    entries: await rt.stores.container(access.container.id),
    principal: call.principal,
    permission: access.permission,
    visitor: access.visitor,
    transport: call.transport,
    now: Date.now(),
    wake: rt.wake,
    activeTools: active,
    baseUrl: rt.baseUrl?.() ?? '',
    agentSession: call.agentSession,
  };
  return { tool, ctx };
}

/**
 * Charges the tool's credits before `run` (spec § Limits: 402 before the tool runs) and gives them back when
 * it fails, so a refused or broken call is not paid for.
 */
export async function chargedRun<T>(a: AdmittedCall, run: () => Promise<T>): Promise<T> {
  const { control } = a.ctx.stores;
  await chargeForTool(control, a.ctx.principal.orgId, a.ctx.container.id, a.tool.name, a.tool.cost);
  try {
    return await run();
  } catch (err) {
    await refundTool(control, a.ctx.principal.orgId, a.tool.name, a.tool.cost);
    throw err;
  }
}

/** Runs one tool call the same way for every transport: the gates, input validation, credits, the handler. */
export async function invokeTool(rt: ToolRuntime, call: ToolCall): Promise<unknown> {
  const admitted = await admitToolCall(rt, call);
  const input = parseToolInput(admitted.tool.name, admitted.tool.input, call.input);
  return chargedRun(admitted, () => admitted.tool.handler(admitted.ctx, input));
}
