import {
  contactMessagesContract,
  newsletterSubscribersContract,
  siteContentContract,
} from "@landunits/core/test-support/ContentStoresContract.ts"
import { Layer } from "effect"
import { describe } from "vitest"
import { ContactMessagesPg } from "../../src/postgres/ContactMessagesPg.ts"
import { NewsletterSubscribersPg } from "../../src/postgres/NewsletterSubscribersPg.ts"
import { SiteContentPg } from "../../src/postgres/SiteContentPg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`content stores on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    siteContentContract(target.name, () => SiteContentPg.pipe(Layer.provide(db.layer())))
    newsletterSubscribersContract(target.name, () => NewsletterSubscribersPg.pipe(Layer.provide(db.layer())))
    contactMessagesContract(target.name, () => ContactMessagesPg.pipe(Layer.provide(db.layer())))
  })
}
