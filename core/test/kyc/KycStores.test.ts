import { DocumentStore } from "../../src/kyc/ports/DocumentStore.ts"
import { KycStore } from "../../src/kyc/ports/KycStore.ts"
import { documentStoreContract } from "../support/DocumentStoreContract.ts"
import { kycStoreContract } from "../support/KycStoreContract.ts"

documentStoreContract("memory", () => DocumentStore.layerMemory)

kycStoreContract("memory", () => KycStore.layerMemory)
