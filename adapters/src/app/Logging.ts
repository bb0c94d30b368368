/**
 * Logging: one line per entry on stdout, structured and cheap, at a configurable level.
 *
 * - LOG_LEVEL: Trace, Debug, Info (default), Warn, Error, Fatal or None. Entries below it cost a level
 *   comparison and nothing else.
 * - LOG_FORMAT: pretty (one short line an entry, for a person at a terminal: the default when stdout is a
 *   terminal), json (one JSON object a line, for a log collector: the default otherwise) or logfmt (key=value).
 *
 * Every answered request is logged at Debug by the access log (AccessLog.ts), so the default level writes
 * no line per request: the member actions that matter are in the audit log (in the database), and request
 * lines belong to the reverse proxy in front.
 */
import { Config, Effect, Layer, Logger, type LogLevel, References } from "effect"

export const LOG_FORMATS = ["json", "logfmt", "pretty"] as const
export type LogFormat = (typeof LOG_FORMATS)[number]

export const DEFAULT_LOG_LEVEL: LogLevel.LogLevel = "Info"

/** A person reads a terminal; a program reads everything else. */
export const defaultLogFormat = (stdoutIsTerminal: boolean): LogFormat =>
  stdoutIsTerminal ? "pretty" : "json"

const firstLine = (text: string) => text.trim().split("\n")[0] ?? ""

const textOf = (value: unknown): string =>
  typeof value === "string"
    ? value.replace(/\s*\n\s*/g, " ")
    : value instanceof Error
      ? firstLine(value.message)
      : JSON.stringify(value)

/**
 * One line an entry: `14:03:07 INFO  Landunits serves on http://localhost:3000 key=value`. An error or a
 * failure's cause is reduced to its first line (LOG_FORMAT=json keeps all of it).
 */
export const prettyLine = Logger.map(Logger.formatStructured, (entry) => {
  const message = Array.isArray(entry.message) ? entry.message.map(textOf).join(" ") : textOf(entry.message)
  const fields = Object.entries(entry.annotations).map(([key, value]) => ` ${key}=${textOf(value)}`)
  const cause = entry.cause === undefined ? "" : ` (${firstLine(entry.cause)})`
  return `${entry.timestamp.slice(11, 19)} ${entry.level.padEnd(5)} ${message}${fields.join("")}${cause}`
})

const loggerOf = (format: LogFormat) => {
  switch (format) {
    case "json":
      return Logger.consoleJson
    case "logfmt":
      return Logger.consoleLogFmt
    case "pretty":
      return Logger.withConsoleLog(prettyLine)
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
  format: Config.Literals(LOG_FORMATS, "LOG_FORMAT").pipe(
    Config.withDefault(defaultLogFormat(process.stdout.isTTY === true)),
  ),
})

/** LOG_LEVEL and LOG_FORMAT from the environment; an unknown value stops the start with its name. */
export const layerLoggingFromEnv = Layer.unwrap(
  Effect.gen(function* () {
    return layerLogging(yield* logSettings)
  }),
)
