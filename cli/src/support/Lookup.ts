/**
 * Finding what a command names: core's checks (core/src/access/AdminUseCase.ts, core/src/accounts/MembersAdmin.ts),
 * for the commands that still check an option themselves: a member by email or member id, an option's value
 * checked against a list, a whole number.
 */

export { optionValue, wholeNumber } from "@landunits/core/access/AdminUseCase.ts"
export { memberNamed } from "@landunits/core/accounts/MembersAdmin.ts"
