// `npm run bench`: runs each benchmark script in turn. Every script prints its JSON to stdout and writes it
// under bench/ (search: bench/results.json) or .bench-out/. Name some to run only those:
//   node bench/run.js analysis query
import { execa } from 'execa';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// Entry scripts only: the other files in bench/ are modules these import.
const SCRIPTS = ['analysis.js', 'auth.js', 'files-ingest.js', 'mcp-latency.js', 'query.js', 'search.js'];
const only = process.argv.slice(2);
for (const file of SCRIPTS) {
  if (only.length && !only.some((o) => file.includes(o))) continue;
  console.error(`bench: ${file}`);
  await execa('node', [join(here, file)], { stdio: 'inherit' });
}
