/**
 * Prices and exchange rates as members see them: core's formatting module (core/src/format/Format.ts, the one
 * every page formats with), re-exported where the order pages have always imported them.
 */
export { formatPrice, formatRate } from "@landunits/core/format/Format.ts"
