/**
 * `landunits pricing set-coin-price <coin> <currency> <price>`: the price of one whole coin (BITCOIN, ETHER)
 * in an order currency, typed in currency units ("65000.00"), as of now. Crypto payments use the newest price
 * for COIN_PRICE_MAX_AGE_MS (24 hours); after that the coin is refused until a new price is set.
 */
import { type Cli, runOperation } from "../../Admin.ts"

export const pricingSetCoinPrice = (cli: Cli, coin: string, currency: string, price: string) =>
  runOperation(cli, { coin, currency, price })
