// `npm start`: the product's single entry point (see adapters/src/app/Server.ts for what it does and its settings).
import { NodeRuntime } from "@effect/platform-node"
import { server } from "@landunits/adapters/app/Server.ts"

NodeRuntime.runMain(server)
