import {
  agentStoreContract,
  ideaStoreContract,
  questionStoreContract,
} from "@landunits/core/test-support/CommunityStoresContract.ts"
import { voteStoreContract } from "@landunits/core/test-support/VoteStoreContract.ts"
import { Layer } from "effect"
import { describe } from "vitest"
import { AgentStorePg } from "../../src/postgres/AgentStorePg.ts"
import { IdeaStorePg } from "../../src/postgres/IdeaStorePg.ts"
import { QuestionStorePg } from "../../src/postgres/QuestionStorePg.ts"
import { VoteStorePg } from "../../src/postgres/VoteStorePg.ts"
import { databaseTargets } from "../support/Databases.ts"
import { useSuiteDatabase } from "../support/SuiteDatabase.ts"

for (const target of databaseTargets().run) {
  describe(`governance and community stores on ${target.name}`, () => {
    const db = useSuiteDatabase(target)
    voteStoreContract(target.name, () => VoteStorePg.pipe(Layer.provide(db.layer())))
    questionStoreContract(target.name, () => QuestionStorePg.pipe(Layer.provide(db.layer())))
    agentStoreContract(target.name, () => AgentStorePg.pipe(Layer.provide(db.layer())))
    ideaStoreContract(target.name, () => IdeaStorePg.pipe(Layer.provide(db.layer())))
  })
}
