import { Context, Effect, Layer } from "effect"

/**
 * Port: what the delivery side keeps of the emails it delivered. The file transport (development, no SMTP_URL)
 * keeps each email as an `.eml` file under DATA_DIR/mail, links and all; SMTP keeps nothing (what the mail
 * server and the recipient's mailbox hold is beyond the platform's reach).
 *
 * `forgetRecipient` deletes every kept email to `address` (a closed account's, docs/security.md). It never fails:
 * a copy it cannot delete is logged by the adapter.
 */
export class DeliveredMail extends Context.Service<
  DeliveredMail,
  {
    readonly forgetRecipient: (address: string) => Effect.Effect<void>
  }
>()("@landunits/core/notifications/ports/DeliveredMail") {
  /** Keeps nothing, so forgets nothing. */
  static readonly layerNone = Layer.succeed(DeliveredMail)({ forgetRecipient: () => Effect.void })

  /** In memory: `forgotten` receives each address, for tests. */
  static readonly layerMemory = (forgotten: Array<string>) =>
    Layer.succeed(DeliveredMail)({
      forgetRecipient: (address) => Effect.sync(() => void forgotten.push(address)),
    })
}
