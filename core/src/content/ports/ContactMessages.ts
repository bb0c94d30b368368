import { Context, Effect, Layer } from "effect"
import type { ContactMessage } from "../ContentModel.ts"

/** Port: messages sent through the contact form, kept (besides the email to support), oldest first. */
export class ContactMessages extends Context.Service<
  ContactMessages,
  {
    readonly save: (message: ContactMessage) => Effect.Effect<void>
    readonly list: Effect.Effect<ReadonlyArray<ContactMessage>>
  }
>()("@landunits/core/content/ports/ContactMessages") {
  static readonly layerMemory = Layer.sync(ContactMessages)(() => {
    const messages: Array<ContactMessage> = []
    return {
      save: (message) =>
        Effect.sync(() => {
          messages.push(message)
        }),
      list: Effect.sync(() => [...messages]),
    }
  })
}
