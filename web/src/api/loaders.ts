/**
 * Route loaders shared by several pages. Kept out of the components' modules: a route's loader stays in the
 * entry chunk (only components are split), so a loader must not import a page's component code.
 */
import { api, settle } from "./endpoints.ts"

/** Home, landing and business: the FAQ (the page fails without it) and the statistics (shown or explained). */
export const loadMarketingPage = async () => {
  const [faq, statistics] = await Promise.all([api.faq(), settle(api.statistics())])
  return { faq, statistics }
}
