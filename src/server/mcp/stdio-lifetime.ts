import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

/**
 * Serves an MCP server on this process's stdin/stdout until the host closes stdin or sends SIGINT/SIGTERM,
 * then runs `cleanup`. stdout carries JSON-RPC only; diagnostics go to stderr.
 */
export async function serveOverStdio(server: Server, cleanup: () => Promise<void>): Promise<void> {
  const transport = new StdioServerTransport();
  await new Promise<void>((resolve, reject) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      process.stdin.off('end', finish);
      process.stdin.off('close', finish);
      process.off('SIGINT', finish);
      process.off('SIGTERM', finish);
      server
        .close()
        .catch(() => undefined)
        .then(cleanup)
        .then(resolve, reject);
    };
    // The SDK's stdio transport does not watch for end of input; an agent host closing the pipe means stop.
    process.stdin.once('end', finish);
    process.stdin.once('close', finish);
    process.once('SIGINT', finish);
    process.once('SIGTERM', finish);
    server.onclose = finish;
    server.connect(transport).catch((err) => {
      done = true;
      cleanup().then(() => reject(err), () => reject(err));
    });
  });
}
