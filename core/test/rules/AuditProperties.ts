/**
 * What `npm run audit:rules` records of each fast-check property and how it sets them: the number of generated cases
 * (`AUDIT_RUNS`, else the test's own number), the seed of the run (`AUDIT_SEED`, else one drawn by vitest.audit.ts)
 * and, to replay one failure, the counterexample's path (`AUDIT_PATH`) for the `AUDIT_PROPERTY`th property of the test.
 * The test being run is set by AuditSetup.ts; each property's details go in its task's meta, which the reporter reads.
 */

/** One property's run, as the report shows it. */
export interface PropertyRun {
  /** 1 for the test's first property, 2 for its second… (the `AUDIT_PROPERTY` of its replay). */
  readonly index: number
  readonly numRuns: number
  readonly seed: number
  readonly failed: boolean
  /** fast-check's path to the (shrunk) counterexample: with the seed, replays exactly that case. */
  readonly path: string | null
  readonly counterexample: string | null
}

/** The part of a vitest task the audit writes to. */
export interface AuditedTask {
  readonly meta: object
}

let current: { task: AuditedTask; count: number } | undefined

/** Called before each test (AuditSetup.ts): the properties run from now on are that test's. */
export const auditTest = (task: AuditedTask) => {
  current = { task, count: 0 }
}

/** The properties a task recorded (none when it ran no property). */
export const propertyRuns = (meta: object): ReadonlyArray<PropertyRun> =>
  (meta as { auditProperties?: ReadonlyArray<PropertyRun> }).auditProperties ?? []

const numberFromEnv = (name: string): number | undefined => {
  const text = process.env[name]
  if (text === undefined || text === "") return undefined
  const value = Number(text)
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, not ${JSON.stringify(text)}`)
  return value
}

/** Parameters for the next property of the current test: the audit's over the test's own. */
export const nextPropertyParameters = <P extends { numRuns?: number; seed?: number; path?: string }>(
  parameters: P | undefined,
): P & { numRuns?: number; seed?: number; path?: string } => {
  const index = current === undefined ? 0 : ++current.count
  const runs = numberFromEnv("AUDIT_RUNS")
  const seed = numberFromEnv("AUDIT_SEED")
  const path = process.env.AUDIT_PATH
  const replayed = numberFromEnv("AUDIT_PROPERTY") ?? 1
  return {
    ...(parameters as P),
    ...(runs === undefined ? {} : { numRuns: runs }),
    ...(seed === undefined || parameters?.seed !== undefined ? {} : { seed }),
    ...(path === undefined || path === "" || index !== replayed ? {} : { path }),
  }
}

/** Records a finished property's details on the current test. */
export const recordProperty = (details: {
  numRuns: number
  seed: number
  failed: boolean
  counterexamplePath: string | null
  counterexample: unknown
}) => {
  if (current === undefined) return
  const meta = current.task.meta as { auditProperties?: Array<PropertyRun> }
  const runs = meta.auditProperties ?? []
  runs.push({
    index: current.count,
    numRuns: details.numRuns,
    seed: details.seed,
    failed: details.failed,
    path: details.counterexamplePath,
    counterexample: details.failed ? safeString(details.counterexample) : null,
  })
  meta.auditProperties = runs
}

const safeString = (value: unknown): string => {
  try {
    return (
      JSON.stringify(value, (_key, inner) => (typeof inner === "bigint" ? `${inner}n` : inner)) ??
      String(value)
    )
  } catch {
    return String(value)
  }
}
