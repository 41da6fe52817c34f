import type { z } from 'zod';
import type { ContainerContext } from '../core/context.js';
import type { Permission, Transport } from '../store/types.js';

/** What a handler sees: the container context plus the tools active for the caller's transport. */
export interface ToolContext extends ContainerContext {
  activeTools: readonly string[];
  /** The daemon's public base URL ('' when the caller is not behind HTTP, e.g. `svc mcp --data-dir`). */
  baseUrl: string;
  /** An MCP client's session label: writes without a `source` are labelled `agent:<session>`. */
  agentSession?: string;
}

export interface RestBinding {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path under /container/:id; `:name` segments become input fields. */
  path: string;
  /** Status of a successful answer (spec: 201 for upload, 200 otherwise). */
  status?: number;
  /**
   * How the REST body arrives: a JSON object of the tool's parameters (default), or a streamed multipart
   * upload handled by src/server/rest/file-upload.ts (the tool's zod input then describes the MCP form).
   */
  body?: 'json' | 'multipart';
}

export interface CliBinding {
  /** Command name, e.g. `write`. */
  command: string;
  /** Input fields taken as positional arguments, in order. */
  args?: string[];
  /** The field read from stdin when its positional argument is absent or `-`. */
  stdin?: string;
  /** Flag names for input fields whose natural name reads badly on a command line (`tags` → `--tag`). */
  flags?: Record<string, string>;
  summary?: string;
  /** Adjusts the parsed command-line input before it is sent (e.g. `svc explore ID` means get mode). */
  prepare?: (input: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * One svc_* tool, defined once. REST routes, the MCP tools/list entry and the CLI command are all derived
 * from this (ARCHITECTURE.md § Layers).
 */
export interface ToolDefinition<S extends z.ZodType = z.ZodType, R = unknown> {
  name: `svc_${string}`;
  description: string;
  input: S;
  /** Credits per call (spec § Limits). */
  cost: number;
  permission: Permission;
  /** Default visibility per transport (spec § Tool visibility defaults). */
  defaults: Record<Transport, boolean>;
  /** Listed only on ephemeral containers (svc_claim). */
  ephemeralOnly?: boolean;
  /** Never shown to visitors of a public container, whatever the toggles say (spec § Permissions). */
  hiddenFromVisitors?: boolean;
  rest: RestBinding;
  cli?: CliBinding;
  handler(ctx: ToolContext, input: z.infer<S>): Promise<R>;
}

export function defineTool<S extends z.ZodType, R>(def: ToolDefinition<S, R>): ToolDefinition<S, R> {
  return def;
}

export function shortName(tool: { name: string }): string {
  return tool.name.replace(/^svc_/, '');
}
