import { Clock, Context, Effect, Layer, Option } from "effect"
import { Forbidden } from "../access/AccessErrors.ts"
import type { Actor } from "../access/AccessModel.ts"
import { recordAudit } from "../audit/Audit.ts"
import { AuditAction, auditSubject } from "../audit/AuditModel.ts"
import { AuditLog } from "../audit/ports/AuditLog.ts"
import type { MemberId } from "../shared/Ids.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import {
  AgentApplicationConflict,
  AgentApplicationNotFound,
  InvalidCommunityInput,
  QuestionNotFound,
  QuestionStatusConflict,
} from "./CommunityErrors.ts"
import {
  type AgentApplication,
  AgentApplicationId,
  type AgentApplicationInput,
  type AgentApplicationStatus,
  CommunityLimits,
  checkText,
  inQuestionView,
  type Question,
  QuestionId,
  type QuestionViewBy,
} from "./CommunityModel.ts"
import { AgentStore } from "./ports/AgentStore.ts"
import { QuestionStore } from "./ports/QuestionStore.ts"

const text = (label: string, value: string, max: number) => {
  const checked = checkText(label, value, max)
  return checked.ok
    ? Effect.succeed(checked.text)
    : Effect.fail(new InvalidCommunityInput({ message: checked.message }))
}

/**
 * Community questions and agents (decisions.md): any member asks; agents answer and close; only the asker
 * reopens. A member applies to become an agent (once while an application is pending); an admin, never the
 * applicant, approves or rejects (audited), and approval makes the member an agent.
 */
export class CommunityService extends Context.Service<
  CommunityService,
  {
    readonly listQuestions: (actor: Actor, viewBy: QuestionViewBy) => Effect.Effect<ReadonlyArray<Question>>
    readonly getQuestion: (questionId: QuestionId) => Effect.Effect<Question, QuestionNotFound>
    readonly createQuestion: (
      actor: Actor,
      question: string,
    ) => Effect.Effect<Question, InvalidCommunityInput>
    readonly answerQuestion: (
      actor: Actor,
      questionId: QuestionId,
      answerText: string,
    ) => Effect.Effect<
      Question,
      Forbidden | QuestionNotFound | QuestionStatusConflict | InvalidCommunityInput
    >
    readonly closeQuestion: (
      actor: Actor,
      questionId: QuestionId,
    ) => Effect.Effect<Question, Forbidden | QuestionNotFound | QuestionStatusConflict>
    readonly reopenQuestion: (
      actor: Actor,
      questionId: QuestionId,
    ) => Effect.Effect<Question, Forbidden | QuestionNotFound | QuestionStatusConflict>
    readonly applyAsAgent: (
      actor: Actor,
      input: AgentApplicationInput,
    ) => Effect.Effect<AgentApplication, InvalidCommunityInput | AgentApplicationConflict>
    readonly myApplications: (actor: Actor) => Effect.Effect<ReadonlyArray<AgentApplication>>
    readonly listApplications: (
      actor: Actor,
      status?: AgentApplicationStatus,
    ) => Effect.Effect<ReadonlyArray<AgentApplication>, Forbidden>
    readonly decideApplication: (
      actor: Actor,
      applicationId: AgentApplicationId,
      decision: "Approved" | "Rejected",
    ) => Effect.Effect<AgentApplication, Forbidden | AgentApplicationNotFound | AgentApplicationConflict>
    readonly isAgent: (memberId: MemberId) => Effect.Effect<boolean>
  }
>()("@landunits/core/community/CommunityService") {
  static readonly layer = Layer.effect(CommunityService)(
    Effect.gen(function* () {
      const questions = yield* QuestionStore
      const agents = yield* AgentStore
      const ids = yield* IdGenerator
      const auditLog = yield* AuditLog

      const questionOf = (questionId: QuestionId) =>
        Effect.flatMap(questions.get(questionId), (found) =>
          Option.match(found, {
            onNone: () => Effect.fail(new QuestionNotFound({ message: `No question ${questionId}` })),
            onSome: Effect.succeed,
          }),
        )

      const requireAgent = Effect.fnUntraced(function* (actor: Actor, what: string) {
        if (!(yield* agents.isAgent(actor.memberId))) {
          return yield* new Forbidden({ message: `Only community agents can ${what}` })
        }
      })

      const saveQuestion = Effect.fnUntraced(function* (question: Question, change: Partial<Question>) {
        const updated: Question = { ...question, ...change, updatedAt: yield* Clock.currentTimeMillis }
        yield* questions.save(updated)
        return updated
      })

      const listQuestions = Effect.fn("CommunityService.listQuestions")(function* (
        actor: Actor,
        viewBy: QuestionViewBy,
      ) {
        return (yield* questions.list).filter((q) => inQuestionView(q, viewBy, actor.memberId))
      })

      const createQuestion = Effect.fn("CommunityService.createQuestion")(function* (
        actor: Actor,
        input: string,
      ) {
        const question = yield* text("Question", input, CommunityLimits.question)
        const now = yield* Clock.currentTimeMillis
        const created: Question = {
          questionId: QuestionId.make(yield* ids.next("qst")),
          question,
          askerId: actor.memberId,
          status: "Open",
          answers: [],
          createdAt: now,
          updatedAt: now,
        }
        yield* questions.save(created)
        return created
      })

      const answerQuestion = Effect.fn("CommunityService.answerQuestion")(function* (
        actor: Actor,
        questionId: QuestionId,
        answerText: string,
      ) {
        yield* requireAgent(actor, "answer questions")
        const answer = yield* text("Answer", answerText, CommunityLimits.answerText)
        const question = yield* questionOf(questionId)
        if (question.status === "Closed") {
          return yield* new QuestionStatusConflict({ message: "A closed question cannot be answered" })
        }
        const at = yield* Clock.currentTimeMillis
        return yield* saveQuestion(question, {
          answers: [...question.answers, { answerText: answer, agentId: actor.memberId, at }],
        })
      })

      const closeQuestion = Effect.fn("CommunityService.closeQuestion")(function* (
        actor: Actor,
        questionId: QuestionId,
      ) {
        yield* requireAgent(actor, "close questions")
        const question = yield* questionOf(questionId)
        if (question.status === "Closed") {
          return yield* new QuestionStatusConflict({ message: "The question is already closed" })
        }
        return yield* saveQuestion(question, { status: "Closed" })
      })

      const reopenQuestion = Effect.fn("CommunityService.reopenQuestion")(function* (
        actor: Actor,
        questionId: QuestionId,
      ) {
        const question = yield* questionOf(questionId)
        if (question.askerId !== actor.memberId) {
          return yield* new Forbidden({ message: "Only the member who asked can reopen a question" })
        }
        if (question.status === "Open") {
          return yield* new QuestionStatusConflict({ message: "The question is already open" })
        }
        return yield* saveQuestion(question, { status: "Open" })
      })

      const applyAsAgent = Effect.fn("CommunityService.applyAsAgent")(function* (
        actor: Actor,
        input: AgentApplicationInput,
      ) {
        const reason = yield* text("Reason", input.reason, CommunityLimits.reason)
        const experienceAndMotivation = yield* text(
          "Experience and motivation",
          input.experienceAndMotivation,
          CommunityLimits.experienceAndMotivation,
        )
        if (yield* agents.isAgent(actor.memberId)) {
          return yield* new AgentApplicationConflict({ message: "You are already a community agent" })
        }
        const pending = yield* agents.listApplications({ memberId: actor.memberId, status: "Pending" })
        if (pending.length > 0) {
          return yield* new AgentApplicationConflict({
            message: "Your application is already waiting for a decision",
          })
        }
        const application: AgentApplication = {
          applicationId: AgentApplicationId.make(yield* ids.next("agt")),
          memberId: actor.memberId,
          reason,
          experienceAndMotivation,
          status: "Pending",
          submittedAt: yield* Clock.currentTimeMillis,
        }
        yield* agents.saveApplication(application)
        return application
      })

      const listApplications = Effect.fn("CommunityService.listApplications")(function* (
        actor: Actor,
        status?: AgentApplicationStatus,
      ) {
        if (!actor.isAdmin)
          return yield* new Forbidden({ message: "Only admins can list agent applications" })
        return yield* agents.listApplications(status === undefined ? {} : { status })
      })

      const decideApplication = Effect.fn("CommunityService.decideApplication")(function* (
        actor: Actor,
        applicationId: AgentApplicationId,
        decision: "Approved" | "Rejected",
      ) {
        if (!actor.isAdmin)
          return yield* new Forbidden({ message: "Only admins can decide on agent applications" })
        const found = yield* agents.getApplication(applicationId)
        if (Option.isNone(found)) {
          return yield* new AgentApplicationNotFound({ message: `No agent application ${applicationId}` })
        }
        const application = found.value
        if (application.memberId === actor.memberId) {
          return yield* new Forbidden({ message: "An admin cannot decide on their own agent application" })
        }
        if (application.status !== "Pending") {
          return yield* new AgentApplicationConflict({
            message: `The application is already ${application.status}`,
          })
        }
        const at = yield* Clock.currentTimeMillis
        const decided: AgentApplication = {
          ...application,
          status: decision,
          decidedBy: actor.memberId,
          decidedAt: at,
        }
        yield* agents.saveApplication(decided)
        if (decision === "Approved") yield* agents.addAgent(application.memberId, at)
        yield* recordAudit(
          actor.memberId,
          decision === "Approved" ? AuditAction.agentApproved : AuditAction.agentRejected,
          auditSubject.agentApplication(applicationId),
          { memberId: application.memberId, decision },
        ).pipe(Effect.provideService(AuditLog, auditLog))
        return decided
      })

      return CommunityService.of({
        listQuestions,
        getQuestion: questionOf,
        createQuestion,
        answerQuestion,
        closeQuestion,
        reopenQuestion,
        applyAsAgent,
        myApplications: (actor) => agents.listApplications({ memberId: actor.memberId }),
        listApplications,
        decideApplication,
        isAgent: agents.isAgent,
      })
    }),
  )
}
