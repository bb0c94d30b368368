/**
 * The cookies of the page being rendered: `document.cookie` in the browser; on the server, the few cookies the
 * server passes to the page it renders (entry-server.tsx sets the reader). Only what a page may show for any
 * visitor goes through here: never a session.
 */
let readCookies: () => string = () => (typeof document === "undefined" ? "" : document.cookie)

export const pageCookies = (): string => readCookies()

/** The server's rendering reads the request's cookies it was given (entry-server.tsx). */
export const setPageCookieReader = (reader: () => string): void => {
  readCookies = reader
}
