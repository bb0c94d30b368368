/**
 * What `npm run serve` (cli/src/serve.ts), the production start, checks before it loads the app: that it is a
 * production start (NODE_ENV=production), every setting production needs (ProductionSettings.ts: the same checks
 * the server makes, so a setting added there is checked here too), and a web build to serve (WebBuilds.ts): it
 * never builds one. Only these modules are loaded for it, so a refusal comes in about a second, not after the
 * app's whole module graph.
 */
import { Config, Effect, Option, Result } from "effect"
import { currentBuild, webBuildsDir } from "../http/server/WebBuilds.ts"
import { isProduction } from "./ProductionSecret.ts"
import { requireProductionServerSettings, requireProductionSettings } from "./ProductionSettings.ts"

/** The exit status of a start refused for its configuration (sysexits' EX_CONFIG; systemd: RestartPreventExitStatus). */
export const EXIT_CONFIG = 78

export const NOT_PRODUCTION =
  "npm run serve is the production start and needs NODE_ENV=production (the settings file sets it: " +
  "docs/deploy/landunits.env). For development, run npm start."

export const noWebBuild = (dir: string) =>
  `No web build in ${dir} (its \`current\` names none). npm run serve never builds: run \`npm run build\` ` +
  "once per release, before the processes start (docs/operations/rolling-restarts.md)."

/** Every reason this production start must not go on; none: it may. */
export const productionStartRefusals = Effect.gen(function* () {
  const refusals: Array<string> = []
  if (!(yield* isProduction)) refusals.push(NOT_PRODUCTION)
  else {
    const settings = yield* Effect.result(
      Effect.andThen(requireProductionSettings, requireProductionServerSettings),
    )
    if (Result.isFailure(settings)) refusals.push(settings.failure.message)
  }
  const dir = webBuildsDir(Option.getOrUndefined(yield* Config.option(Config.String("WEB_BUILDS_DIR"))))
  if (currentBuild(dir) === undefined) refusals.push(noWebBuild(dir))
  return refusals
})
