import { ConfigProvider, Console, Effect, Exit, Logger } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import { describe, expect, it } from "vitest"
import { defaultLogFormat, layerLoggingFromEnv } from "../../src/app/Logging.ts"
import { accessLog } from "../../src/http/server/AccessLog.ts"

/** Runs `effect` with the logging LOG_LEVEL/LOG_FORMAT configure, answering the lines written to stdout. */
const linesWritten = async <A, E>(env: Record<string, string>, effect: Effect.Effect<A, E>) => {
  const lines: Array<string> = []
  const console = Object.assign(Object.create(globalThis.console), {
    log: (...args: ReadonlyArray<unknown>) => {
      lines.push(args.map(String).join(" "))
    },
  }) as Console.Console
  const exit = await Effect.runPromiseExit(
    effect.pipe(
      Effect.provide(layerLoggingFromEnv),
      Effect.provideService(ConfigProvider.ConfigProvider, ConfigProvider.fromEnv({ env })),
      Effect.provideService(Logger.LogToStderr, false),
      Effect.provideService(Console.Console, console),
    ),
  )
  return { lines, exit }
}

describe("logging", () => {
  it("by default writes Info entries as one JSON object a line", async () => {
    const { lines } = await linesWritten({}, Effect.logInfo("started"))
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0]!)).toMatchObject({ message: "started", level: "INFO" })
  })

  it("drops entries below LOG_LEVEL", async () => {
    const { lines } = await linesWritten(
      { LOG_LEVEL: "Warn" },
      Effect.andThen(Effect.logInfo("quiet"), Effect.logWarning("loud")),
    )
    expect(lines.map((l) => JSON.parse(l).message)).toEqual(["loud"])
  })

  it("LOG_FORMAT=logfmt writes key=value lines", async () => {
    const { lines } = await linesWritten({ LOG_FORMAT: "logfmt" }, Effect.logInfo("started"))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/level=INFO .*message=started/)
  })

  it("LOG_FORMAT=pretty writes one short line an entry: time, level, message, fields, the cause's first line", async () => {
    const { lines } = await linesWritten(
      { LOG_FORMAT: "pretty" },
      Effect.andThen(
        Effect.logInfo("Landunits serves on http://localhost:3000").pipe(Effect.annotateLogs({ port: 3000 })),
        Effect.logError("The order jobs' run failed", new Error("connect ECONNREFUSED\n    at somewhere")),
      ),
    )
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}Landunits serves on http:\/\/localhost:3000 port=3000$/)
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d ERROR The order jobs' run failed/)
    expect(lines[1]).toContain("connect ECONNREFUSED")
    expect(lines[1]).not.toContain("\n")
  })

  it("is pretty for a person at a terminal and JSON for everything else, unless LOG_FORMAT says", () => {
    expect(defaultLogFormat(true)).toBe("pretty")
    expect(defaultLogFormat(false)).toBe("json")
  })

  it("an unknown LOG_LEVEL or LOG_FORMAT stops the start", async () => {
    const level = await linesWritten({ LOG_LEVEL: "Loud" }, Effect.logInfo("never"))
    const format = await linesWritten({ LOG_FORMAT: "xml" }, Effect.logInfo("never"))
    expect(Exit.isFailure(level.exit)).toBe(true)
    expect(Exit.isFailure(format.exit)).toBe(true)
    expect([...level.lines, ...format.lines]).toEqual([])
  })
})

describe("the access log", () => {
  const answer = accessLog(Effect.succeed(HttpServerResponse.empty({ status: 204 }))).pipe(
    Effect.provideService(
      HttpServerRequest.HttpServerRequest,
      HttpServerRequest.fromWeb(new Request("http://localhost/api/user/name?email=ann@example.com")),
    ),
  )

  it("at Debug writes one entry per answer: method, path without its query, status", async () => {
    const { lines } = await linesWritten({ LOG_LEVEL: "Debug" }, answer)
    expect(lines).toHaveLength(1)
    const entry = JSON.parse(lines[0]!)
    expect(entry).toMatchObject({
      message: "HTTP response",
      level: "DEBUG",
      annotations: { "http.method": "GET", "http.path": "/api/user/name", "http.status": 204 },
    })
    expect(lines[0]).not.toContain("ann@example.com")
  })

  it("below Debug (the default Info) writes nothing per request", async () => {
    const { lines } = await linesWritten({}, answer)
    expect(lines).toEqual([])
  })
})
