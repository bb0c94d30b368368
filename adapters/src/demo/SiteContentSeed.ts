/**
 * The public site's first content: land projects, news, team, FAQ and references. Every installation gets
 * it on its first start, production included (the product owner's decisions.md: "a new installation shows a
 * complete site"); admins replace it with `landunits content load` and `content add-news`. It holds no
 * account, price or bank detail: those are demo data (DemoSeed.ts).
 */
import {
  demoFaq,
  demoNews,
  demoProjects,
  demoReferences,
  demoTeam,
} from "@landunits/core/content/DemoContent.ts"
import { SiteContent } from "@landunits/core/content/ports/SiteContent.ts"
import { Effect } from "effect"

/** Seeds the site content once: does nothing when projects exist. Answers whether it seeded. */
export const seedSiteContent = Effect.gen(function* () {
  const content = yield* SiteContent
  if ((yield* content.list("projects")).length > 0) return false
  yield* content.replace("projects", demoProjects)
  yield* content.replace("news", demoNews)
  yield* content.replace("team", demoTeam)
  yield* content.replace("faq", demoFaq)
  yield* content.replace("references", demoReferences)
  return true
})
