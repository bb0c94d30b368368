import { ProviderEventLog } from "../../src/orders/ports/ProviderEventLog.ts"
import { providerEventLogContract } from "../support/ProviderEventLogContract.ts"

providerEventLogContract("memory", () => ProviderEventLog.layerMemory)
