/** The app's version: the repository's package.json `version`, read once (backups and `landunits status` name it). */
import * as fs from "node:fs"

const PACKAGE_JSON = new URL("../../../package.json", import.meta.url)

export const APP_VERSION: string = (() => {
  try {
    const version = (JSON.parse(fs.readFileSync(PACKAGE_JSON, "utf8")) as { version?: unknown }).version
    return typeof version === "string" ? version : "unknown"
  } catch {
    return "unknown"
  }
})()
