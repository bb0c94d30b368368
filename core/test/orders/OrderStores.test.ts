import { IdempotencyStore } from "../../src/orders/ports/IdempotencyStore.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { PayoutRepository } from "../../src/orders/ports/PayoutRepository.ts"
import {
  idempotencyStoreContract,
  orderRepositoryContract,
  payoutRepositoryContract,
} from "../support/OrderStoresContract.ts"

orderRepositoryContract("memory", () => OrderRepository.layerMemory)
payoutRepositoryContract("memory", () => PayoutRepository.layerMemory)
idempotencyStoreContract("memory", () => IdempotencyStore.layerMemory)
