/**
 * The auditor's report of `npm run audit:rules`, built from the rule map and the run's test outcomes: one section per
 * rule (its quote, its tests with pass or fail, each property's generated cases and seed, and for a failure the one
 * command that replays it), the commit and the time. Pure: AuditReporter.ts gathers the input and writes the files.
 */
import type { PropertyRun } from "./AuditProperties.ts"
import type { Rule, RuleTest } from "./Rule.ts"

export type TestState = "passed" | "failed" | "skipped" | "pending"

/** One test of the run, as vitest reported it. */
export interface TestOutcome {
  /** From the repository's root. */
  readonly file: string
  readonly name: string
  /** With its describe blocks, joined by " > ". */
  readonly fullName: string
  readonly state: TestState
  readonly error?: string
  readonly properties: ReadonlyArray<PropertyRun>
}

export interface AuditInput {
  readonly rules: ReadonlyArray<Rule>
  readonly tests: ReadonlyArray<TestOutcome>
  readonly commit: string
  /** ISO time of the run's end. */
  readonly time: string
  readonly durationSeconds: number
  /** AUDIT_RUNS when it was set: every property's number of cases. */
  readonly runs?: number
}

/**
 * A rule's verdict: its tests passed; one failed; one it names did not run (or does not exist); it names none; it is
 * no rule of the code (`outside`, with why).
 */
export type RuleStatus = "passed" | "failed" | "not run" | "no test" | "outside"

export interface ProvedBy {
  readonly reference: RuleTest
  readonly outcomes: ReadonlyArray<TestOutcome & { readonly replay?: ReadonlyArray<string> }>
}

export interface RuleResult {
  readonly rule: Rule
  readonly status: RuleStatus
  readonly provedBy: ReadonlyArray<ProvedBy>
}

export interface AuditReport {
  readonly commit: string
  readonly time: string
  readonly durationSeconds: number
  readonly runs?: number
  readonly passed: boolean
  readonly counts: Readonly<Record<RuleStatus, number>>
  readonly rules: ReadonlyArray<RuleResult>
}

const regexEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** A reference's name as a pattern: its `${…}` placeholders stand for any text. */
const namePattern = (name: string): RegExp =>
  new RegExp(
    `(^| > )${name
      .split(/\$\{[^}]*\}/)
      .map(regexEscape)
      .join(".+")}$`,
  )

/** Does this outcome answer to the map's reference (same file; its name, or its full name, or the end of it)? */
export const matches = (reference: RuleTest, outcome: TestOutcome): boolean =>
  reference.file === outcome.file &&
  (reference.name === outcome.name ||
    reference.name === outcome.fullName ||
    outcome.fullName.endsWith(` > ${reference.name}`) ||
    (reference.name.includes("${") && namePattern(reference.name).test(outcome.fullName)))

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`

/**
 * The command that runs this test again; for a failed property, with the seed, the counterexample's path and the
 * property's place in the test, so that fast-check replays exactly that case.
 */
export const replayCommand = (outcome: TestOutcome, property?: PropertyRun): string => {
  const run = `npm run audit:rules -- ${outcome.file} -t ${shellQuote(`${regexEscape(outcome.name)}$`)}`
  if (property === undefined) return run
  const path = property.path === null ? "" : ` AUDIT_PATH=${shellQuote(property.path)}`
  return `AUDIT_SEED=${property.seed}${path} AUDIT_PROPERTY=${property.index} ${run}`
}

const replays = (outcome: TestOutcome): ReadonlyArray<string> | undefined => {
  if (outcome.state !== "failed") return undefined
  const failed = outcome.properties.filter((property) => property.failed)
  return failed.length === 0
    ? [replayCommand(outcome)]
    : failed.map((property) => replayCommand(outcome, property))
}

const ruleResult = (rule: Rule, tests: ReadonlyArray<TestOutcome>): RuleResult => {
  const provedBy = rule.tests.map((reference) => ({
    reference,
    outcomes: tests
      .filter((outcome) => matches(reference, outcome))
      .map((outcome) => {
        const replay = replays(outcome)
        return replay === undefined ? outcome : { ...outcome, replay }
      }),
  }))
  const outcomes = provedBy.flatMap((proof) => proof.outcomes)
  const status: RuleStatus =
    rule.tests.length === 0
      ? rule.outside === undefined
        ? "no test"
        : "outside"
      : outcomes.some((outcome) => outcome.state === "failed")
        ? "failed"
        : provedBy.some(
              (proof) => proof.outcomes.length === 0 || proof.outcomes.some((o) => o.state !== "passed"),
            )
          ? "not run"
          : "passed"
  return { rule, status, provedBy }
}

export const buildAuditReport = (input: AuditInput): AuditReport => {
  const rules = input.rules.map((rule) => ruleResult(rule, input.tests))
  const counts = { passed: 0, failed: 0, "not run": 0, "no test": 0, outside: 0 }
  for (const result of rules) counts[result.status] += 1
  return {
    commit: input.commit,
    time: input.time,
    durationSeconds: input.durationSeconds,
    ...(input.runs === undefined ? {} : { runs: input.runs }),
    passed: counts.passed > 0 && counts.passed + counts.outside === rules.length,
    counts,
    rules,
  }
}
