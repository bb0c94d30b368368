import { KnownDevices } from "../../src/accounts/ports/KnownDevices.ts"
import { PasskeyStore } from "../../src/secondfactor/ports/PasskeyStore.ts"
import { SecondFactorStore } from "../../src/secondfactor/ports/SecondFactorStore.ts"
import {
  knownDevicesContract,
  passkeyStoreContract,
  secondFactorStoreContract,
} from "../support/SecondFactorStoresContract.ts"

secondFactorStoreContract("memory", () => SecondFactorStore.layerMemory)
passkeyStoreContract("memory", () => PasskeyStore.layerMemory)
knownDevicesContract("memory", () => KnownDevices.layerMemory)
