/** The test files the audit runs: those the rule map names, from the given folder (e.g. "core/"), without it. */
import { RULES } from "./RuleMap.ts"

export const auditedFiles = (folder: string): Array<string> => [
  ...new Set(
    RULES.flatMap((rule) => rule.tests.map((test) => test.file))
      .filter((file) => file.startsWith(folder))
      .map((file) => file.slice(folder.length)),
  ),
]
