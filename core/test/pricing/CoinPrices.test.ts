import { CoinPrices } from "../../src/pricing/ports/CoinPrices.ts"
import { coinPricesContract } from "../support/CoinPricesContract.ts"

coinPricesContract("memory", () => CoinPrices.layerMemory)
