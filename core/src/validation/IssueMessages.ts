/**
 * The message a person reads for each failure of a schema: the rule's own message where the schema gives one
 * (the spec's words, from Messages.ts), and otherwise a sentence that names the field in words (FieldNames.ts)
 * instead of the schema's internal wording: "Page must be a number" for "Expected a string representing a
 * finite number", "Unit type must be one of LAND_EUR, …" for `Expected "LAND_EUR" | …`, "Email is required"
 * for "Missing key".
 *
 * It walks the issue tree as effect's Standard Schema formatter does (a check's message stands for every
 * failure beneath it; paths add up through pointers), but with the path at hand when it words a failure:
 * effect's leaf and check hooks see the failure without its path, and a union's failure bypasses them.
 */
import type { SchemaAST, SchemaIssue } from "effect"
import { formatFigure } from "../format/Format.ts"
import { fieldName } from "./FieldNames.ts"

export interface IssueMessage {
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
}

const number = (n: unknown): string => (typeof n === "number" ? formatFigure(n) : String(n))

const list = (words: ReadonlyArray<string>): string =>
  words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`

/** The rule's own message, as effect's formatters find it. */
const ownMessage = (issue: SchemaIssue.Issue): string | undefined => {
  switch (issue._tag) {
    case "Pointer":
    case "Composite":
      return undefined
    case "Encoding":
      return ownMessage(issue.issue)
    case "Filter":
      return asText(issue.filter.annotations?.message)
    case "MissingKey":
      return asText(issue.annotations?.messageMissingKey)
    case "UnexpectedKey":
      return asText(issue.ast.annotations?.messageUnexpectedKey)
    case "InvalidValue":
    case "Forbidden":
      return asText(issue.annotations?.message)
    default:
      return asText(issue.ast.annotations?.message)
  }
}

const asText = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined)

/** What a value of `ast` is, in words ("a number", "one of open or closed"); undefined when it has no words. */
const kindOf = (ast: SchemaAST.AST): string | undefined => {
  switch (ast._tag) {
    case "String":
    case "TemplateLiteral":
      return "text"
    case "Number":
      return "a number"
    case "BigInt":
      return "a whole number"
    case "Boolean":
      return "true or false"
    case "Literal":
      return String(ast.literal)
    case "Arrays":
      return "a list"
    case "Objects":
    case "ObjectKeyword":
      return "an object"
    case "Union": {
      // null and undefined are how a union says "optional": they are not what a person should send.
      const members = ast.types.filter((t) => !["Null", "Undefined", "Void"].includes(t._tag))
      if (members.length > 0 && members.every((t) => t._tag === "Literal")) {
        const values = members.map((t) => String((t as SchemaAST.Literal).literal))
        return values.length === 1 ? values[0] : `one of ${list(values)}`
      }
      const kinds = members.map(kindOf)
      if (kinds.length === 0 || kinds.some((k) => k === undefined)) return undefined
      return list([...new Set(kinds as Array<string>)])
    }
    default:
      return undefined
  }
}

const mustBe = (ast: SchemaAST.AST): string => {
  const kind = kindOf(ast)
  return kind === undefined ? "is not valid" : `must be ${kind}`
}

interface Representation {
  readonly id?: string
  readonly payload?: Readonly<Record<string, unknown>> | null
}

/** A check that failed without a message of its own, in words (`unit`: characters of text, items of a list). */
const checkWords = (check: SchemaAST.Check<unknown>, unit: "characters" | "items"): string => {
  const representation = (check.annotations as { readonly representation?: Representation } | undefined)
    ?.representation
  const payload = representation?.payload ?? {}
  switch (representation?.id) {
    case "effect/schema/isInt":
    case "effect/schema/isStringBigInt":
      return "must be a whole number"
    case "effect/schema/isFinite":
    case "effect/schema/isStringFinite":
      return "must be a number"
    case "effect/schema/isGreaterThan":
      return `must be more than ${number(payload.exclusiveMinimum)}`
    case "effect/schema/isGreaterThanOrEqualTo":
      return `must be at least ${number(payload.minimum)}`
    case "effect/schema/isLessThan":
      return `must be less than ${number(payload.exclusiveMaximum)}`
    case "effect/schema/isLessThanOrEqualTo":
      return `must be at most ${number(payload.maximum)}`
    case "effect/schema/isBetween":
      return `must be between ${number(payload.minimum)} and ${number(payload.maximum)}`
    case "effect/schema/isMinLength":
      return payload.minLength === 1 ? "is required" : `must be at least ${number(payload.minLength)} ${unit}`
    case "effect/schema/isMaxLength":
      return `must be at most ${number(payload.maxLength)} ${unit}`
    case "effect/schema/isBetweenLength":
      return `must be ${number(payload.minimum)} to ${number(payload.maximum)} ${unit}`
    case "effect/schema/isPattern":
      return "is not in the expected format"
    case "effect/schema/isTrimmed":
      return "must not start or end with spaces"
    default:
      // A group of checks (Schema.Int.check(...) builds one) reads as its first check.
      return check._tag === "FilterGroup" && check.checks[0] !== undefined
        ? checkWords(check.checks[0], unit)
        : "is not valid"
  }
}

const sentence = (path: ReadonlyArray<PropertyKey>, predicate: string) => `${fieldName(path)} ${predicate}`

/** The leaf's message when its schema gives none. */
const leafWords = (issue: SchemaIssue.Issue, path: ReadonlyArray<PropertyKey>): string => {
  switch (issue._tag) {
    case "MissingKey":
      return sentence(path, "is required")
    case "InvalidType":
    case "AnyOf":
      return sentence(path, mustBe(issue.ast))
    case "UnexpectedKey":
      return sentence(path, "is not expected here")
    case "OneOf":
      return sentence(path, "matches more than one choice")
    case "Forbidden":
      return sentence(path, "could not be checked")
    default:
      return sentence(path, "is not valid")
  }
}

const walk = (
  issue: SchemaIssue.Issue,
  path: ReadonlyArray<PropertyKey>,
  unit: "characters" | "items",
  override: string | undefined,
): Array<IssueMessage> => {
  switch (issue._tag) {
    case "Filter": {
      const own = override ?? ownMessage(issue) ?? ownMessage(issue.issue)
      // A check whose failure is a bare InvalidValue is worded here; one that points elsewhere (a rule
      // between two fields) lets the failure beneath speak.
      const message =
        own ??
        (issue.issue._tag === "InvalidValue" ? sentence(path, checkWords(issue.filter, unit)) : undefined)
      return walk(issue.issue, path, unit, message)
    }
    case "Encoding":
      return walk(issue.issue, path, unit, override)
    case "Pointer":
      return walk(issue.issue, [...path, ...issue.path], unit, override)
    case "Composite":
      return issue.issues.flatMap((inner) =>
        walk(inner, path, issue.ast._tag === "Arrays" ? "items" : "characters", override),
      )
    case "AnyOf":
      if (issue.issues.length > 0) return issue.issues.flatMap((inner) => walk(inner, path, unit, override))
      return [{ path, message: override ?? ownMessage(issue) ?? leafWords(issue, path) }]
    default:
      return [{ path, message: override ?? ownMessage(issue) ?? leafWords(issue, path) }]
  }
}

/** Every failure of `issue`, each with its path and the message a person reads. */
export const issueMessages = (issue: SchemaIssue.Issue): Array<IssueMessage> =>
  walk(issue, [], "characters", undefined)
