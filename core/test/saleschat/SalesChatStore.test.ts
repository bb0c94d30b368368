import { SalesChatStore } from "../../src/saleschat/ports/SalesChatStore.ts"
import { salesChatStoreContract } from "../support/SalesChatStoreContract.ts"

salesChatStoreContract("memory", () => SalesChatStore.layerMemory)
