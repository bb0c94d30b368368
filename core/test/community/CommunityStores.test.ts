import { AgentStore } from "../../src/community/ports/AgentStore.ts"
import { IdeaStore } from "../../src/community/ports/IdeaStore.ts"
import { QuestionStore } from "../../src/community/ports/QuestionStore.ts"
import {
  agentStoreContract,
  ideaStoreContract,
  questionStoreContract,
} from "../support/CommunityStoresContract.ts"

questionStoreContract("memory", () => QuestionStore.layerMemory)
agentStoreContract("memory", () => AgentStore.layerMemory)
ideaStoreContract("memory", () => IdeaStore.layerMemory)
