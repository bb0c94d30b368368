import { Layer } from "effect"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { Outbox } from "../../src/notifications/ports/Outbox.ts"
import { outboxContract } from "../support/OutboxContract.ts"

outboxContract("memory", () => Outbox.layerMemory.pipe(Layer.provideMerge(Mailer.layerMemory)))
