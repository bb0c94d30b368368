/**
 * The admins' invoice settings (`landunits invoices set-issuer`, `invoices set-tax`): the issuer's details and a
 * currency's tax treatment. Both decide what every later invoice says about money (who sells, how much tax), so
 * each is a money-or-power operation with a second admin always (core/src/access/AdminOperations.ts): `prepare`
 * checks the parameters, `apply` re-checks and writes through InvoiceSettings, audited with before and after. An
 * issued invoice keeps its own copy: nothing here changes one.
 */
import { Effect, Option, Schema } from "effect"
import type { OperationHandler, OperationParams } from "../access/AdminOperationRunner.ts"
import { auditAdmin, optionValue, param, refuse } from "../access/AdminUseCase.ts"
import { CurrencyType, CurrencyTypes } from "../shared/Enums.ts"
import { IssuerDetails, type TaxTreatment } from "./InvoiceModel.ts"
import { InvoiceSettings } from "./ports/InvoiceSettings.ts"

const issuerOf = (params: OperationParams) =>
  Effect.gen(function* () {
    const details = {
      issuerId: (yield* param(params, "issuerId")).trim(),
      legalName: (yield* param(params, "legalName")).trim(),
      address: (yield* param(params, "address")).trim(),
      registrationId: (yield* param(params, "registrationId")).trim(),
      taxId: (yield* param(params, "taxId")).trim(),
    }
    if (!Schema.is(IssuerDetails)(details) || Object.values(details).some((v) => v === "")) {
      return yield* refuse(
        "Give the issuer's id, legal name, address, registration id and tax id, none empty",
      )
    }
    return details
  })

const issuerLine = (d: IssuerDetails) =>
  `${d.issuerId}: ${d.legalName}, ${d.address} (registration ${d.registrationId}, tax id ${d.taxId})`

export const setIssuer: OperationHandler<IssuerDetails> = {
  prepare: (params) =>
    Effect.map(issuerOf(params), (details) => ({
      params: { ...details },
      summary: `Set the invoices' issuer to ${issuerLine(details)}`,
    })),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const details = yield* issuerOf(params)
      const settings = yield* InvoiceSettings
      const before = yield* settings.issuer
      yield* settings.setIssuer(details)
      yield* auditAdmin(
        acting,
        "invoices.setIssuer",
        `issuer:${details.issuerId}`,
        {
          before: Option.match(before, { onNone: () => "none", onSome: issuerLine }),
          after: issuerLine(details),
        },
        facts,
      )
      return details
    }),
  outcome: (d) => `Issuer ${issuerLine(d)}`,
}

const TREATMENTS = ["rate", "reverse-charge", "out-of-scope"] as const

const taxOf = (params: OperationParams) =>
  Effect.gen(function* () {
    const currency = yield* optionValue(
      CurrencyType,
      "currency",
      yield* param(params, "currency"),
      CurrencyTypes.join(", "),
    )
    const words = (yield* param(params, "words")).trim()
    if (words === "") return yield* refuse("--words must say the treatment as the invoice prints it")
    const kind = yield* param(params, "treatment")
    let treatment: TaxTreatment
    if (kind === "rate") {
      const bp = params.rateBp ?? ""
      if (!/^\d+$/.test(bp) || Number(bp) > 10_000) {
        return yield* refuse(
          `--rate-bp must be a whole number of basis points from 0 to 10000 (got ${JSON.stringify(bp)})`,
        )
      }
      // Checkout charges the net (prices exclude tax, and no tax is added to a payment yet): an invoice with a rate
      // above 0 would say the member paid more than they did (docs/decisions/0067).
      if (Number(bp) > 0) {
        return yield* refuse(
          "A tax rate above 0 is refused: checkout does not charge tax yet, so the invoice would claim more than the member paid. Set --treatment reverse-charge or out-of-scope with its words, or --rate-bp 0",
        )
      }
      treatment = { _tag: "Rate", basisPoints: Number(bp), words }
    } else if (kind === "reverse-charge") {
      treatment = { _tag: "ReverseCharge", words }
    } else if (kind === "out-of-scope") {
      treatment = { _tag: "OutOfScope", words }
    } else {
      return yield* refuse(`--treatment must be one of ${TREATMENTS.join(", ")} (got ${kind})`)
    }
    return { currency, treatment }
  })

const treatmentLine = (t: TaxTreatment) =>
  t._tag === "Rate" ? `rate ${t.basisPoints} bp, "${t.words}"` : `${t._tag}, "${t.words}"`

export const setTax: OperationHandler<{ readonly currency: CurrencyType; readonly treatment: TaxTreatment }> =
  {
    prepare: (params) =>
      Effect.map(taxOf(params), ({ currency, treatment }) => ({
        params: {
          currency,
          treatment: params.treatment ?? "",
          words: treatment.words,
          ...(treatment._tag === "Rate" ? { rateBp: String(treatment.basisPoints) } : {}),
        },
        summary: `Set ${currency}'s invoice tax treatment: ${treatmentLine(treatment)}`,
      })),
    apply: (acting, params, facts) =>
      Effect.gen(function* () {
        const { currency, treatment } = yield* taxOf(params)
        const settings = yield* InvoiceSettings
        const before = (yield* settings.taxTreatments).find((t) => t.currency === currency)
        yield* settings.setTaxTreatment(currency, treatment)
        yield* auditAdmin(
          acting,
          "invoices.setTax",
          `currency:${currency}`,
          {
            before: before === undefined ? "none" : treatmentLine(before.treatment),
            after: treatmentLine(treatment),
          },
          facts,
        )
        return { currency, treatment }
      }),
    outcome: (r) => `${r.currency}: ${treatmentLine(r.treatment)}`,
  }

/** The invoice settings' use cases, by operation name. */
export const InvoiceSettingsAdminOperations = {
  "invoices.setIssuer": setIssuer,
  "invoices.setTax": setTax,
} as const
