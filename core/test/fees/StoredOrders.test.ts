import { Layer } from "effect"
import { StoredOrders } from "../../src/fees/ports/StoredOrders.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { storedOrdersContract } from "../support/StoredOrdersContract.ts"

storedOrdersContract("memory", () =>
  StoredOrders.layerFromRepository.pipe(Layer.provideMerge(OrderRepository.layerMemory)),
)
