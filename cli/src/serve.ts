// `npm run serve`: the production start, and the command a supervisor runs (docs/deploy/landunits.service). It never
// builds: it checks what production needs (ProductionStartChecks.ts: NODE_ENV=production, the settings, a web build)
// before it loads the app, and refuses at once with every reason and exit status 78 (a configuration error, which
// systemd is told not to restart); then it runs the server (start.ts). npm `exec`s it, so SIGTERM to npm's PID (which
// npm forwards) or to this one drains and stops the server.
import * as nodeModule from "node:module"

// Node keeps each module's compiled code (type-stripped TypeScript included) for the next start: in the system's
// temp folder, or NODE_COMPILE_CACHE (cli/bin/landunits.js does the same for the CLI).
nodeModule.enableCompileCache()
const { Effect } = await import("effect")
const { EXIT_CONFIG, productionStartRefusals } = await import(
  "@landunits/adapters/settings/ProductionStartChecks.ts"
)
const refusals = await Effect.runPromise(productionStartRefusals)
if (refusals.length > 0) {
  for (const refusal of refusals) console.error(`Refused to start: ${refusal}`)
  process.exit(EXIT_CONFIG)
}
await import("./start.ts")
