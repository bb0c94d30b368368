/** The contract every DocumentStore adapter passes: run on memory here, on the encrypted store by the adapters' tests. */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { DocumentStore } from "../../src/kyc/ports/DocumentStore.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { pdfBytes, pngBytes } from "./KycFixtures.ts"

export const documentStoreContract = (name: string, makeLayer: () => Layer.Layer<DocumentStore>) =>
  describe(`DocumentStore contract (${name})`, () => {
    const fresh = <A, E>(effect: Effect.Effect<A, E, DocumentStore>) => Effect.provide(effect, makeLayer())
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

    it.live("gives back a member's document with its name, type and bytes; lists in put order", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const store = yield* DocumentStore
            yield* store.put(ann, passport, pdfBytes)
            yield* store.put(ann, scan, pngBytes)
            return { got: yield* store.get(ann, "doc_1"), list: yield* store.list(ann) }
          }),
        )
        expect(Option.getOrThrow(result.got)).toEqual({ document: passport, bytes: pdfBytes })
        expect(result.list).toEqual([passport, scan])
      }),
    )

    it.live("a document is found only under its owner", () =>
      Effect.gen(function* () {
        const result = yield* fresh(
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
      }),
    )

    it.live("the stored bytes do not change when the caller's buffer does", () =>
      Effect.gen(function* () {
        const bytes = pdfBytes.slice()
        const got = yield* fresh(
          Effect.gen(function* () {
            const store = yield* DocumentStore
            yield* store.put(ann, passport, bytes)
            bytes.fill(0)
            return yield* store.get(ann, "doc_1")
          }),
        )
        expect(Option.getOrThrow(got).bytes).toEqual(pdfBytes)
      }),
    )
  })
