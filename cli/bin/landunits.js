#!/usr/bin/env node
// The `landunits` command (`npx landunits`, `npm run cli --`); the CLI itself is src/bin.ts.
//
// Plain JavaScript, so that Node's compile cache is on before any TypeScript file is read: with the cache
// warm (from the second command on), Node reuses each module's type-stripped and compiled code and never
// starts its type stripper (a WebAssembly module whose start cost more than the rest of `--help`). The cache
// lives in the system's temp folder, or in NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
// docs/benchmarks.md, "Admin CLI", has the figures.
import { enableCompileCache } from "node:module"

enableCompileCache()
await import("../src/bin.ts")
