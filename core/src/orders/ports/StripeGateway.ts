import { Context, Layer } from "effect"
import { type CardGatewayShape, memoryCardGateway } from "../PaymentProviders.ts"

/** Port: card payments through Stripe (payment method card-stripe). The adapter wraps the stripe SDK. */
export class StripeGateway extends Context.Service<StripeGateway, CardGatewayShape>()(
  "@landunits/core/orders/ports/StripeGateway",
) {
  static readonly layerMemory = Layer.sync(StripeGateway)(() => memoryCardGateway("stripe"))
}
