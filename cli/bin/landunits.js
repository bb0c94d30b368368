#!/usr/bin/env node
// The `landunits` command (`npx landunits`, `npm run cli --`); the CLI itself is src/bin.ts.
//
// Plain JavaScript, so that Node's compile cache is on before any TypeScript file is read: with the cache
// warm (from the second command on), Node reuses each module's type-stripped and compiled code and never
// starts its type stripper (a WebAssembly module whose start cost more than the rest of `--help`). The cache
// lives in the system's temp folder, or in NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
// docs/benchmarks.md, "Admin CLI", has the figures.
//
// The CLI is TypeScript run as it is, which Node does from 22.18: an older `node` on the PATH (the shebang's)
// gets one line saying what to run instead, not a syntax error.
import * as nodeModule from "node:module"

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number)
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(
    `landunits needs Node 22.18 or later, and this is ${process.version}: run it as \`npx landunits\` ` +
      "or `npm run cli --` from the project, which use the Node it pins",
  )
  process.exit(1)
}
nodeModule.enableCompileCache()
await import("../src/bin.ts")
