/**
 * Input no field may hold, whatever its own rules: text with a control character (a null byte, say: PostgreSQL
 * refuses 0x00 in text; ESC or a C1 control such as U+009B, which a terminal reads as the start of a command, when
 * an admin's CLI prints the text) or with half of a UTF-16 surrogate pair (it has no UTF-8 form), and a number past
 * Number.MAX_SAFE_INTEGER (it is no longer exact, and the money formulas refuse it). Tab, line feed and carriage
 * return are text (a message may have lines).
 *
 * `unsafeInputErrors` walks any decoded input (a JSON body, a query, path parameters, a form's values) and
 * names each such field in words, in the shape of every other invalid input. It is one guard for every input
 * rather than a rule on each text and number schema: the API's contract has many plain `Schema.String` fields
 * (ids, tokens, codes, campaign data), maps keyed by the caller, and path parameters, and a rule that each of
 * them must remember is one a new route can forget. The API runs it before any schema
 * (adapters/src/http/middleware/InvalidInputResponses.ts); `validate` runs it before the form's schema.
 */

import { type FieldError, formatPath } from "./FieldError.ts"
import { fieldName } from "./FieldNames.ts"
import type { IssueMessage } from "./IssueMessages.ts"

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters the guard refuses
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const UnsafeInputMessage = {
  controlCharacters: (field: string) => `${field} must not contain control characters`,
  brokenCharacters: (field: string) => `${field} must not contain broken characters`,
  tooLargeNumber: (field: string) => `${field} is too large a number`,
  notANumber: (field: string) => `${field} must be a number`,
} as const

/** After this many, the rest of a large input is not reported (the first ones say what is wrong). */
const MAX_ERRORS = 20

type Problem = keyof typeof UnsafeInputMessage

const textProblem = (text: string): Problem | undefined =>
  CONTROL_CHARACTER.test(text)
    ? "controlCharacters"
    : LONE_SURROGATE.test(text)
      ? "brokenCharacters"
      : undefined

const issue = (problem: Problem, path: ReadonlyArray<PropertyKey>): IssueMessage => ({
  path,
  message: UnsafeInputMessage[problem](fieldName(path)),
})

/** A path as a chain to its parent, so that walking a deep input copies nothing (a list would be quadratic). */
interface PathNode {
  readonly key: PropertyKey
  readonly parent: PathNode | undefined
}

const toPath = (node: PathNode | undefined, base: ReadonlyArray<PropertyKey>): Array<PropertyKey> => {
  const keys: Array<PropertyKey> = []
  for (let at = node; at !== undefined; at = at.parent) keys.push(at.key)
  return [...base, ...keys.reverse()]
}

/**
 * Every field of `input` that holds unsafe text or an unsafe number, with its path under `base`. A key of an
 * object is checked too and reported on the object (the key itself may not be printable). Iterative and
 * linear in the size of the input, so no nesting depth can exhaust the stack or the time.
 */
export const unsafeInputIssues = (
  input: unknown,
  base: ReadonlyArray<PropertyKey> = [],
): Array<IssueMessage> => {
  const errors: Array<IssueMessage> = []
  const pending: Array<readonly [unknown, PathNode | undefined]> = [[input, undefined]]
  while (pending.length > 0 && errors.length < MAX_ERRORS) {
    const [value, node] = pending.pop()!
    if (typeof value === "string") {
      const problem = textProblem(value)
      if (problem !== undefined) errors.push(issue(problem, toPath(node, base)))
    } else if (typeof value === "number") {
      if (Number.isNaN(value)) errors.push(issue("notANumber", toPath(node, base)))
      else if (Math.abs(value) > Number.MAX_SAFE_INTEGER)
        errors.push(issue("tooLargeNumber", toPath(node, base)))
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push([value[i], { key: i, parent: node }])
    } else if (typeof value === "object" && value !== null) {
      const keys = Object.keys(value)
      const badKey = keys.map(textProblem).find((problem) => problem !== undefined)
      if (badKey !== undefined) errors.push(issue(badKey, toPath(node, base)))
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!
        pending.push([(value as Record<string, unknown>)[key], { key, parent: node }])
      }
    }
  }
  return errors
}

/** The same, each with its dotted path, as the API and the forms report them. */
export const unsafeInputErrors = (input: unknown, base: ReadonlyArray<PropertyKey> = []): Array<FieldError> =>
  unsafeInputIssues(input, base).map(({ path, message }) => ({ path: formatPath(path), message }))
