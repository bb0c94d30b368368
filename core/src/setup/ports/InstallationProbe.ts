/**
 * Port: what only the running environment can tell about an installation (SetupModel.ts `EnvironmentFacts`): its
 * settings, whether its mail server answers, DATA_DIR's file modes, the document keys its sealed rows need, the
 * payment methods configured. Core does no I/O; `landunits doctor` asks this. Implemented by
 * adapters/src/settings/InstallationProbeNode.ts; tests give the facts they need.
 */
import { Context, Effect, Layer } from "effect"
import type { EnvironmentFacts } from "../SetupModel.ts"

export class InstallationProbe extends Context.Service<
  InstallationProbe,
  { readonly facts: Effect.Effect<EnvironmentFacts> }
>()("@landunits/core/setup/ports/InstallationProbe") {
  /** Answers `facts`, as given. */
  static readonly layerFixed = (facts: EnvironmentFacts) =>
    Layer.succeed(InstallationProbe)({ facts: Effect.succeed(facts) })
}
