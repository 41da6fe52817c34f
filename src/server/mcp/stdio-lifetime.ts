import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const DRAIN_LIMIT_MS = 30_000;

/**
 * Serves an MCP server on this process's stdin/stdout until the host closes stdin or sends SIGINT/SIGTERM,
 * then lets requests already received finish (`echo '…' | svc mcp` still gets its answers) and runs
 * `cleanup`. stdout carries JSON-RPC only; diagnostics go to stderr.
 */
export async function serveOverStdio(server: Server, cleanup: () => Promise<void>): Promise<void> {
  const transport = new StdioServerTransport();
  let inFlight = 0;
  await server.connect(transport);
  // Count requests in and answers out, so shutdown waits for the answers.
  const receive = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if ('method' in message && 'id' in message) inFlight++;
    receive?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage) => {
    await send(message);
    if (!('method' in message) && 'id' in message) inFlight = Math.max(0, inFlight - 1);
  };

  await new Promise<void>((resolve, reject) => {
    let done = false;
    const finish = async () => {
      if (done) return;
      done = true;
      process.stdin.off('end', finish);
      process.stdin.off('close', finish);
      process.off('SIGINT', finish);
      process.off('SIGTERM', finish);
      const deadline = Date.now() + DRAIN_LIMIT_MS;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await server.close().catch(() => undefined);
      cleanup().then(resolve, reject);
    };
    // The SDK's stdio transport does not watch for end of input; an agent host closing the pipe means stop.
    process.stdin.once('end', finish);
    process.stdin.once('close', finish);
    process.once('SIGINT', finish);
    process.once('SIGTERM', finish);
    server.onclose = () => void finish();
  });
}
