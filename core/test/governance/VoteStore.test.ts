import { VoteStore } from "../../src/governance/ports/VoteStore.ts"
import { voteStoreContract } from "../support/VoteStoreContract.ts"

voteStoreContract("memory", () => VoteStore.layerMemory)
