/** A rule the audit proves: where it is written, its words, and the tests that prove it (RuleMap.ts lists them). */
export interface RuleTest {
  /** The test file, from the repository's root. */
  readonly file: string
  /** The test's name as written in the file (with its describe blocks joined by " > " when it needs them). */
  readonly name: string
}

export interface Rule {
  /** Stable id, e.g. "spec5.order.availability". */
  readonly id: string
  /** Where the rule is written: "spec.md §5 Order rules", "decisions.md Ledger"… */
  readonly source: string
  /** The rule in the words of its source. */
  readonly quote: string
  /** Where the product's decisions changed the rule since the spec was written (the tests prove the rule as it is). */
  readonly note?: string
  /**
   * Why no test of this run proves it: a clause that is no rule of the code (the site's legal words, layout sizes).
   * Such a rule names no test; every other rule names at least one (RuleMap.test.ts).
   */
  readonly outside?: string
  readonly tests: ReadonlyArray<RuleTest>
}
