/** What commands touch of the outside world, passed in so tests and the launcher share one path. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
  readStdin(): Promise<string>;
}

export function processIo(): CliIo {
  return {
    env: process.env,
    out: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
    err: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
    async readStdin() {
      if (process.stdin.isTTY) return '';
      const chunks: Buffer[] = [];
      for await (const c of process.stdin) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}
