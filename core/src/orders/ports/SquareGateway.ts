import { Context, Layer } from "effect"
import { type CardGatewayShape, memoryCardGateway } from "../PaymentProviders.ts"

/** Port: card payments through Square (payment method card-square). The adapter wraps the square SDK. */
export class SquareGateway extends Context.Service<SquareGateway, CardGatewayShape>()(
  "@landunits/core/orders/ports/SquareGateway",
) {
  static readonly layerMemory = Layer.sync(SquareGateway)(() => memoryCardGateway("square"))
}
