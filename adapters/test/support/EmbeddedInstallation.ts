/**
 * An installation in-process on a fresh embedded database, configured as a start is (NODE_ENV, SEED_DEMO… given
 * through the config, a test DOCUMENT_KEY and LEDGER_SIGNING_KEY): runs an effect on the whole app and answers it with what was logged.
 * For tests of what a start seeds and says (FirstStartSeed.test.ts, DemoHistory.test.ts).
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { ConfigProvider, Effect, Layer, Logger } from "effect"
import { layerApp } from "../../src/app/AppLayer.ts"
import { layerEmbedded } from "../../src/postgres/Database.ts"

export type AppServices = Layer.Success<ReturnType<typeof layerApp>>

/** A fresh DATA_DIR; the caller removes it (`removeInstallations`). */
const dirs: Array<string> = []

export const removeInstallations = () => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
}

/** Runs `effect` on a new installation with `env`; answers its value and the log lines, joined. */
export const onNewInstallation = async <A>(
  env: Record<string, string>,
  effect: Effect.Effect<A, unknown, AppServices>,
): Promise<{ readonly value: A; readonly log: string }> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-installation-"))
  dirs.push(dataDir)
  const lines: Array<string> = []
  const capture = Logger.make(({ message }) => {
    lines.push((Array.isArray(message) ? message : [message]).map(String).join(" "))
  })
  const value = await Effect.runPromise(
    effect.pipe(
      Effect.provide(Layer.merge(layerApp(layerEmbedded(dataDir)), Logger.layer([capture]))),
      Effect.provideService(
        ConfigProvider.ConfigProvider,
        ConfigProvider.fromEnv({
          env: {
            DATA_DIR: dataDir,
            DOCUMENT_KEY: Buffer.alloc(32, 3).toString("base64"),
            LEDGER_SIGNING_KEY: Buffer.alloc(32, 4).toString("hex"),
            ...env,
          },
        }),
      ),
    ),
  )
  return { value, log: lines.join("\n") }
}
