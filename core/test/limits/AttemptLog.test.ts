import { AttemptLog } from "../../src/limits/ports/AttemptLog.ts"
import { attemptLogContract } from "../support/AttemptLogContract.ts"

attemptLogContract("memory", () => AttemptLog.layerMemory)
