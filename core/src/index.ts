export * from "./shared/Constants.ts"
export * from "./shared/Enums.ts"
export * from "./shared/Ids.ts"
export * from "./shared/Money.ts"
