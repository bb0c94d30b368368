// The server's entry (see adapters/src/app/Server.ts for what it does and its settings), with the admin socket that
// answers the CLI's read commands (AdminSocket.ts). `npm start` runs it after building the web app when nothing is
// built (development); `npm run serve` (serve.ts), the production start, runs it after its checks, never building.
// Both `exec` it from npm's shell, so npm's SIGTERM reaches this process, which drains and stops.
import { NodeRuntime } from "@effect/platform-node"
import { serve } from "@landunits/adapters/app/Server.ts"
import { Cause, Exit, Runtime } from "effect"
import { serveAdminSocket } from "./AdminSocket.ts"

/**
 * Exit 0 when the server stopped because it was told to (SIGTERM, SIGINT: its only interruption) and every
 * finalizer ran: a supervisor's stop is no failure (systemd's Restart=on-failure, npm's "command failed").
 */
const stoppedOnRequestIsSuccess: Runtime.Teardown = (exit, onExit) =>
  Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)
    ? onExit(0)
    : Runtime.defaultTeardown(exit, onExit)

NodeRuntime.runMain(
  serve((settings) => serveAdminSocket(settings.dataDir)),
  { teardown: stoppedOnRequestIsSuccess },
)
