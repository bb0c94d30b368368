import { Layer } from "effect"
import { AccountRepository } from "../../src/accounts/ports/AccountRepository.ts"
import { SessionStore } from "../../src/accounts/ports/SessionStore.ts"
import { SignedInAccounts } from "../../src/accounts/ports/SignedInAccounts.ts"
import { TokenStore } from "../../src/accounts/ports/TokenStore.ts"
import {
  accountRepositoryContract,
  sessionStoreContract,
  signedInAccountsContract,
  tokenStoreContract,
} from "../support/AccountStoresContract.ts"

accountRepositoryContract("memory", () => AccountRepository.layerMemory)
sessionStoreContract("memory", () => SessionStore.layerMemory)
signedInAccountsContract("memory", () =>
  SignedInAccounts.layerFromStores.pipe(
    Layer.provideMerge(Layer.merge(AccountRepository.layerMemory, SessionStore.layerMemory)),
  ),
)
tokenStoreContract("memory", () => TokenStore.layerMemory)
