import { Context, Effect, Layer, Option } from "effect"
import type { Question, QuestionId } from "../CommunityModel.ts"

/** Port: community questions with their answers. `save` inserts or replaces; `list` answers newest first. */
export class QuestionStore extends Context.Service<
  QuestionStore,
  {
    readonly save: (question: Question) => Effect.Effect<void>
    readonly get: (questionId: QuestionId) => Effect.Effect<Option.Option<Question>>
    readonly list: Effect.Effect<ReadonlyArray<Question>>
  }
>()("@landunits/core/community/ports/QuestionStore") {
  static readonly layerMemory = Layer.effect(QuestionStore)(
    Effect.sync(() => {
      const questions = new Map<QuestionId, Question>()
      return QuestionStore.of({
        save: (question) =>
          Effect.sync(() => {
            questions.set(question.questionId, question)
          }),
        get: (questionId) => Effect.sync(() => Option.fromNullishOr(questions.get(questionId))),
        list: Effect.sync(() => [...questions.values()].reverse().sort((a, b) => b.createdAt - a.createdAt)),
      })
    }),
  )
}
