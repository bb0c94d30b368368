/**
 * After LEDGER_SIGNING_KEY was rotated (issue 23): with the earlier key's public half in LEDGER_EARLIER_PUBLIC_KEYS,
 * `landunits ledger verify` accepts the checkpoints it signed without `--earlier-key`, and says which key signed how
 * many; a new checkpoint is signed by the new key.
 */
import { LedgerCheckpointService } from "@landunits/core/ledger/LedgerCheckpointService.ts"
import { LedgerCheckpoints } from "@landunits/core/ledger/ports/LedgerCheckpoints.ts"
import { LedgerSigner } from "@landunits/core/ledger/ports/LedgerSigner.ts"
import { LedgerStore } from "@landunits/core/ledger/ports/LedgerStore.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { useInProcessCli } from "./support/InProcessCli.ts"

const OLD = LedgerSigner.fromSeed(Uint8Array.from({ length: 32 }, () => 42))
const ADMIN = "rotate-admin@landunits.example"
const { cli, run } = useInProcessCli(
  [{ memberId: "mem_rotate_admin", email: ADMIN, firstName: "Rosa", lastName: "Tate", role: "admin" }],
  { config: { LEDGER_EARLIER_PUBLIC_KEYS: OLD.publicKey } },
)
const asAdmin = (...args: ReadonlyArray<string>) => cli("--as", ADMIN, ...args)

/** A checkpoint signed by the old key over this installation's ledger, as the app signed them before the rotation. */
const takeWithOldKey = () =>
  run(
    Effect.gen(function* () {
      const context = Layer.mergeAll(
        Layer.succeed(LedgerSigner)(OLD),
        Layer.succeed(LedgerStore)(yield* LedgerStore),
        Layer.succeed(LedgerCheckpoints)(yield* LedgerCheckpoints),
        Layer.succeed(OrderService)(yield* OrderService),
      )
      return yield* Effect.flatMap(LedgerCheckpointService, (s) => s.take).pipe(
        Effect.provide(LedgerCheckpointService.layer({ everyMs: 3_600_000 }).pipe(Layer.provide(context))),
      )
    }),
  )

describe("ledger verify after a rotation", () => {
  it("trusts the checkpoints of an earlier key published in LEDGER_EARLIER_PUBLIC_KEYS, and names it", async () => {
    await takeWithOldKey()
    const taken = await asAdmin("--json", "ledger", "checkpoint")
    expect(taken.code).toBe(0)
    const current = await run(Effect.map(Effect.service(LedgerSigner), (s) => s.keyId))
    expect(JSON.parse(taken.out).checkpoint.keyId).toBe(current)

    const verified = await asAdmin("ledger", "verify")
    expect(verified.code).toBe(0)
    expect(verified.out).toContain(
      `checkpoints signed by key ${OLD.keyId} (an earlier key, named with --earlier-key or LEDGER_EARLIER_PUBLIC_KEYS): 1`,
    )
    expect(verified.out).toContain(`checkpoints signed by key ${current} (this installation's): 1`)
  })
})
