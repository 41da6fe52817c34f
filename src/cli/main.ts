import { Command, CommanderError } from 'commander';
import { adminCommand } from './commands/admin.js';
import { completionCommand } from './commands/completion.js';
import { configCommand } from './commands/config.js';
import { objectsCommand } from './commands/objects.js';
import { mcpCommand } from './commands/mcp.js';
import { downloadCommand } from './commands/download.js';
import { filesCommand } from './commands/files.js';
import { serveCommand } from './commands/serve.js';
import { keysCommand } from './commands/keys.js';
import { loginCommand } from './commands/login.js';
import { logoutCommand } from './commands/logout.js';
import { whoamiCommand } from './commands/whoami.js';
import { claimCommand } from './commands/claim.js';
import { initCommand } from './commands/init.js';
import { toolCommands } from './commands/tool-commands.js';
import { adminToolsCommand, toolsCommand } from './commands/tools.js';
import { uploadCommand } from './commands/upload.js';
import { describeError, exitCodeFor, EXIT } from './exit-codes.js';
import { processIo, type CliIo } from './io.js';

export function buildProgram(io: CliIo): Command {
  const program = new Command('svc')
    .description('svc: a knowledge service for AI agents. `svc serve` runs the daemon; the other commands are its client.')
    .version('0.1.0')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  program.addCommand(serveCommand(io));
  program.addCommand(adminCommand(io).addCommand(adminToolsCommand(io)));
  program.addCommand(configCommand(io));
  for (const cmd of toolCommands(io)) program.addCommand(cmd);
  program.addCommand(objectsCommand(io));
  program.addCommand(toolsCommand(io));
  program.addCommand(mcpCommand(io));
  for (const cmd of [loginCommand(io), logoutCommand(io), whoamiCommand(io), keysCommand(io)]) program.addCommand(cmd);
  program.addCommand(uploadCommand(io));
  program.addCommand(filesCommand(io));
  program.addCommand(downloadCommand(io));
  program.addCommand(initCommand(io));
  program.addCommand(claimCommand(io));
  program.addCommand(completionCommand(io, () => program));
  const override = (cmd: Command): void => {
    cmd.exitOverride().configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
    cmd.commands.forEach(override);
  };
  program.commands.forEach(override);
  return program;
}

export async function main(argv: string[], io: CliIo = processIo()): Promise<void> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      process.exitCode = err.exitCode === 0 ? EXIT.ok : EXIT.badRequest;
      return;
    }
    io.err(describeError(err));
    process.exitCode = exitCodeFor(err);
  }
}
