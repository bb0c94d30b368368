/**
 * A browser-like client of the API for tests: keeps the cookies the server sets (and forgets those it
 * expires), echoes XSRF-TOKEN in X-XSRF-TOKEN unless told not to, sends JSON or FormData, never follows
 * redirects. The HTTP, CLI and browser tests all use this one.
 */

export interface RequestOptions {
  readonly body?: unknown
  /** false: leave the anti-forgery header out (to test the refusal). */
  readonly xsrf?: boolean
  readonly headers?: Record<string, string>
}

export const apiClient = (baseUrl: () => string) => {
  const cookies = new Map<string, string>()
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";")
      const eq = pair.indexOf("=")
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (value === "" || /max-age=0/i.test(line)) cookies.delete(name)
      else cookies.set(name, value)
    }
  }
  const request = async (method: string, path: string, options: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ")
    const xsrf = cookies.get("XSRF-TOKEN")
    if (options.xsrf !== false && xsrf !== undefined) headers["x-xsrf-token"] = xsrf
    let body: FormData | string | undefined
    if (options.body instanceof FormData) body = options.body
    else if (options.body !== undefined) {
      headers["content-type"] = "application/json"
      body = JSON.stringify(options.body)
    }
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers,
      body: body ?? null,
      redirect: "manual",
    })
    remember(response)
    return response
  }
  return {
    cookies,
    get: (path: string, options?: { headers?: Record<string, string> }) => request("GET", path, options),
    post: (path: string, body?: unknown, options?: { xsrf?: boolean; headers?: Record<string, string> }) =>
      request("POST", path, { ...options, body }),
    request,
  }
}

export type ApiClient = ReturnType<typeof apiClient>
