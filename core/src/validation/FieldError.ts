/** One broken rule of an input: which field (a dotted path) and the message a person reads. */

export interface FieldError {
  /** Dotted path of the field, "" for the input as a whole. */
  readonly path: string
  readonly message: string
}

/** "kycInfo.address.postcode" from ["kycInfo", "address", "postcode"]. */
export const formatPath = (path: ReadonlyArray<PropertyKey>): string =>
  path.map((key) => (typeof key === "symbol" ? (key.description ?? "") : String(key))).join(".")
