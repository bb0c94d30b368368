/** `url` with its database replaced by `database` (a PostgreSQL connection URL). */
export const withDatabase = (url: string, database: string): string => {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
