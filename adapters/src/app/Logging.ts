/**
 * Logging: one line per entry on stdout, structured and cheap, at a configurable level.
 *
 * - LOG_LEVEL: Trace, Debug, Info (default), Warn, Error, Fatal or None. Entries below it cost a level
 *   comparison and nothing else.
 * - LOG_FORMAT: json (default: one JSON object a line, for a log collector), logfmt (key=value, for
 *   reading a terminal) or pretty (Effect's multi-line development format).
 *
 * Every answered request is logged at Debug by the access log (AccessLog.ts), so the default level writes
 * no line per request: the member actions that matter are in the audit log (in the database), and request
 * lines belong to the reverse proxy in front.
 */
import { Config, Effect, Layer, Logger, type LogLevel, References } from "effect"

export const LOG_FORMATS = ["json", "logfmt", "pretty"] as const
export type LogFormat = (typeof LOG_FORMATS)[number]

export const DEFAULT_LOG_LEVEL: LogLevel.LogLevel = "Info"
export const DEFAULT_LOG_FORMAT: LogFormat = "json"

const loggerOf = (format: LogFormat) => {
  switch (format) {
    case "json":
      return Logger.consoleJson
    case "logfmt":
      return Logger.consoleLogFmt
    case "pretty":
      return Logger.consolePretty()
  }
}

/** The logger and minimum level for `format` and `level`. */
export const layerLogging = (options: { readonly level: LogLevel.LogLevel; readonly format: LogFormat }) =>
  Layer.merge(
    Logger.layer([loggerOf(options.format)]),
    Layer.succeed(References.MinimumLogLevel, options.level),
  )

export const logSettings = Config.all({
  level: Config.LogLevel("LOG_LEVEL").pipe(Config.withDefault(DEFAULT_LOG_LEVEL)),
  format: Config.Literals(LOG_FORMATS, "LOG_FORMAT").pipe(Config.withDefault(DEFAULT_LOG_FORMAT)),
})

/** LOG_LEVEL and LOG_FORMAT from the environment; an unknown value stops the start with its name. */
export const layerLoggingFromEnv = Layer.unwrap(
  Effect.gen(function* () {
    return layerLogging(yield* logSettings)
  }),
)
