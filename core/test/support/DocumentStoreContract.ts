/** The contract every DocumentStore adapter passes: run on memory here, on the encrypted store by the adapters' tests. */
import { Effect, type Layer, Option } from "effect"
import { describe, expect, it } from "vitest"
import { DocumentStore } from "../../src/kyc/ports/DocumentStore.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { pdfBytes, pngBytes } from "./KycFixtures.ts"

export const documentStoreContract = (name: string, makeLayer: () => Layer.Layer<DocumentStore>) =>
  describe(`DocumentStore contract (${name})`, () => {
    const run = <A, E>(effect: Effect.Effect<A, E, DocumentStore>) =>
      Effect.runPromise(Effect.provide(effect, makeLayer()))
    const ann = MemberId.make("mem_ann")
    const ben = MemberId.make("mem_ben")
    const passport = {
      documentId: "doc_1",
      fileName: "passport.pdf",
      fileType: "pdf" as const,
      size: pdfBytes.length,
    }
    const scan = {
      documentId: "doc_2",
      fileName: "scan.png",
      fileType: "png" as const,
      size: pngBytes.length,
    }

    it("gives back a member's document with its name, type and bytes; lists in put order", async () => {
      const result = await run(
        Effect.gen(function* () {
          const store = yield* DocumentStore
          yield* store.put(ann, passport, pdfBytes)
          yield* store.put(ann, scan, pngBytes)
          return { got: yield* store.get(ann, "doc_1"), list: yield* store.list(ann) }
        }),
      )
      expect(Option.getOrThrow(result.got)).toEqual({ document: passport, bytes: pdfBytes })
      expect(result.list).toEqual([passport, scan])
    })

    it("a document is found only under its owner", async () => {
      const result = await run(
        Effect.gen(function* () {
          const store = yield* DocumentStore
          yield* store.put(ann, passport, pdfBytes)
          return {
            other: yield* store.get(ben, "doc_1"),
            otherList: yield* store.list(ben),
            unknown: yield* store.get(ann, "doc_9"),
          }
        }),
      )
      expect(Option.isNone(result.other)).toBe(true)
      expect(result.otherList).toEqual([])
      expect(Option.isNone(result.unknown)).toBe(true)
    })

    it("the stored bytes do not change when the caller's buffer does", async () => {
      const bytes = pdfBytes.slice()
      const got = await run(
        Effect.gen(function* () {
          const store = yield* DocumentStore
          yield* store.put(ann, passport, bytes)
          bytes.fill(0)
          return yield* store.get(ann, "doc_1")
        }),
      )
      expect(Option.getOrThrow(got).bytes).toEqual(pdfBytes)
    })
  })
