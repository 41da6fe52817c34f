#!/usr/bin/env node
// Thin launcher: the CLI lives in dist/cli (built by `npm install` through the prepare script).
import { main } from '../dist/cli/main.js';

main(process.argv).catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
