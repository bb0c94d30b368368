/**
 * What `landunits doctor` reads and answers (issue 39): the facts of an installation, and one finding per thing a
 * new or changed installation needs, with what to do about it. A finding that `blocks` keeps members from
 * something (buying, paying by a method, a page, their documents) or admins from setting it up; `advice` is worth
 * doing and blocks nobody; `ok` says what is there.
 */
import type { CryptoCoin, CurrencyType, UnitType } from "../shared/Enums.ts"

export type FindingState = "ok" | "blocks" | "advice"

export interface Finding {
  /** What it is about, a short name for its column ("APP_URL", "mail", "admins", "LAND_EUR", …). */
  readonly about: string
  readonly state: FindingState
  /** What is there, or what is missing and the command or setting that fixes it. */
  readonly message: string
}

export type CardMode = "live" | "test-mode" | "refused"

/** What only the running environment knows (settings, the mail server, files): InstallationProbe's answer. */
export interface EnvironmentFacts {
  readonly production: boolean
  /** APP_URL as set, and what is wrong with it (undefined when usable). */
  readonly appUrl: { readonly value: string | undefined; readonly problem: string | undefined }
  readonly mail:
    | { readonly transport: "smtp"; readonly server: string; readonly problem: string | undefined }
    | { readonly transport: "file"; readonly directory: string; readonly chosen: boolean }
    | { readonly transport: "unusable"; readonly problem: string }
  /** DATA_DIR's paths other local users may read or write (at most a few named), when DATA_DIR is in use. */
  readonly dataDir: { readonly path: string; readonly open: ReadonlyArray<string> } | undefined
  /** Sealed rows (KYC documents, data exports, authenticator secrets) under a key DOCUMENT_KEY(_PREVIOUS) lacks. */
  readonly unreadableSealedRows: ReadonlyArray<{ readonly keyId: string; readonly rows: number }>
  /** The coins with a receiving address configured (crypto is on for them). */
  readonly cryptoAddresses: ReadonlyArray<CryptoCoin>
  readonly cardPayments: { readonly stripe: CardMode; readonly square: CardMode }
}

/** What the database holds about the setup. */
export interface SetupFacts {
  readonly admins: ReadonlyArray<{ readonly email: string; readonly secondFactor: boolean }>
  readonly units: ReadonlyArray<{
    readonly unitType: UnitType
    readonly pricePerUnit: number
    readonly landValueCents: number
    readonly buyFeeCents: number
    readonly sellFeeUnits: number
  }>
  readonly bankAccounts: ReadonlyArray<CurrencyType>
  /** The pairs with a rate set on or before today. */
  readonly rates: ReadonlyArray<{ readonly from: CurrencyType; readonly to: CurrencyType }>
  /** Coin prices current now (less than a day old), by coin and currency. */
  readonly currentCoinPrices: ReadonlyArray<{ readonly coin: CryptoCoin; readonly currency: CurrencyType }>
  readonly ledger: {
    readonly signingKeyId: string
    readonly earlierKeyIds: ReadonlyArray<string>
    readonly lastCheckpoint: { readonly number: number; readonly keyId: string } | undefined
  }
}

export interface DoctorReport {
  readonly findings: ReadonlyArray<Finding>
  /** Whether anything blocks members (the command's exit code 1). */
  readonly blocksMembers: boolean
}
