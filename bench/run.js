// `npm run bench`: runs every bench/*.js script (except this one) in turn; each writes its own JSON
// under bench/results/ and prints it.
import { execa } from 'execa';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
for (const file of readdirSync(here).filter((f) => f.endsWith('.js') && f !== 'run.js').sort()) {
  if (only.length && !only.some((o) => file.includes(o))) continue;
  console.error(`bench: ${file}`);
  await execa('node', [join(here, file)], { stdio: 'inherit' });
}
