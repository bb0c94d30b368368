/**
 * A test server on PGlite, seeded with the demo data, whose SQL statements are recorded: a tracer notes the
 * query text of every span the SQL client opens (one per statement), whitespace collapsed. Tests clear
 * `statements`, make a request, and count what it sent to the database.
 */
import { Layer, Tracer } from "effect"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/demo/DemoSeed.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { pgliteTarget } from "./Databases.ts"
import { useTestServer } from "./TestServer.ts"

export const useRecordedServer = () => {
  const statements: Array<string> = []
  const recording = Tracer.make({
    span: (options) => {
      const span = Tracer.nativeTracer.span(options)
      if (options.kind !== "client") return span
      const attribute = span.attribute.bind(span)
      span.attribute = (key, value) => {
        if (key === "db.query.text") statements.push(String(value).replace(/\s+/g, " ").trim())
        attribute(key, value)
      }
      return span
    },
  })
  const server = useTestServer(
    Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
      Layer.provideMerge(layerApp(pgliteTarget().layer)),
      Layer.provide(Layer.succeed(Tracer.Tracer, recording)),
    ),
  )
  return { server, statements }
}
