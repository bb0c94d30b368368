/**
 * The methods the API takes on a path, from its contract: a known path asked with another method answers
 * 405 with `Allow` (SecurityHeaders.ts), not the 404 of a path that does not exist.
 */
import { HttpApi } from "effect/http-api"
import { Api } from "../api/Api.ts"

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** `/api/content/projects/:id` as a pattern of whole segments. */
const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .split("/")
      .map((segment) => (segment.startsWith(":") ? "[^/]+" : escapeRegExp(segment)))
      .join("/")}/?$`,
  )

const routes: Array<{ readonly pattern: RegExp; readonly method: string }> = []
HttpApi.reflect(Api, {
  onGroup: () => {},
  onEndpoint: ({ endpoint }) => routes.push({ pattern: patternOf(endpoint.path), method: endpoint.method }),
})

/** The methods the contract takes on `url`'s path (its query ignored), in a stable order; [] for none. */
export const allowedMethods = (url: string): ReadonlyArray<string> => {
  const path = url.split("?")[0]!
  return [
    ...new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method)),
  ].toSorted()
}
