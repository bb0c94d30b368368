/** This app process, as `app_processes` and `job_runs` name it: host, pid and a random suffix (pids are reused). */
import * as crypto from "node:crypto"
import * as os from "node:os"

export const PROCESS_HOST = os.hostname()
export const PROCESS_ID = `${PROCESS_HOST}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`
