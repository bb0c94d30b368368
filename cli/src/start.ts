// `npm start`: the product's single entry point (see adapters/src/app/Server.ts for what it does and its
// settings), with the admin socket that answers the CLI's read commands (AdminSocket.ts).
import { NodeRuntime } from "@effect/platform-node"
import { serve } from "@landunits/adapters/app/Server.ts"
import { serveAdminSocket } from "./AdminSocket.ts"

NodeRuntime.runMain(serve((settings) => serveAdminSocket(settings.dataDir)))
