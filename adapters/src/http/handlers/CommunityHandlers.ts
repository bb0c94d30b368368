import { memberActor } from "@landunits/core/access/AccessModel.ts"
import { CommunityService } from "@landunits/core/community/CommunityService.ts"
import { IdeasService } from "@landunits/core/community/IdeasService.ts"
import { GovernanceService } from "@landunits/core/governance/GovernanceService.ts"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { CurrentMember } from "../api/Authentication.ts"

/** Members act through the web app as members; admin powers are used through the CLI only. */
const actor = Effect.map(CurrentMember, (m) => memberActor(m.memberId))

export const GovernanceHandlers = HttpApiBuilder.group(
  Api,
  "governance",
  Effect.fn(function* (handlers) {
    const governance = yield* GovernanceService
    return handlers
      .handle("votes", ({ query }) => Effect.flatMap(actor, (a) => governance.listVotes(a, query.which)))
      .handle("openVoting", () => Effect.flatMap(actor, (a) => governance.listVotes(a, "open")))
      .handle("closeVoting", () => Effect.flatMap(actor, (a) => governance.listVotes(a, "closed")))
      .handle("quiz", ({ params, payload }) =>
        Effect.flatMap(actor, (a) => governance.submitQuizAnswers(a, params.voteId, payload.answers)),
      )
      .handle("ballot", ({ params, payload }) =>
        Effect.flatMap(actor, (a) => governance.castBallot(a, params.voteId, payload.answer)),
      )
      .handle("results", ({ params }) => Effect.flatMap(actor, (a) => governance.results(a, params.voteId)))
  }),
)

export const CommunityHandlers = HttpApiBuilder.group(
  Api,
  "community",
  Effect.fn(function* (handlers) {
    const community = yield* CommunityService
    const ideas = yield* IdeasService
    return handlers
      .handle("questions", ({ query }) =>
        Effect.flatMap(actor, (a) => community.listQuestions(a, query.questionViewBy)),
      )
      .handle("createQuestion", ({ payload }) =>
        Effect.flatMap(actor, (a) => community.createQuestion(a, payload.question)),
      )
      .handle("answerQuestion", ({ payload }) =>
        Effect.flatMap(actor, (a) => community.answerQuestion(a, payload.questionId, payload.answerText)),
      )
      .handle("closeQuestion", ({ payload }) =>
        Effect.flatMap(actor, (a) => community.closeQuestion(a, payload.questionId)),
      )
      .handle("reopenQuestion", ({ payload }) =>
        Effect.flatMap(actor, (a) => community.reopenQuestion(a, payload.questionId)),
      )
      .handle("agentStatus", () =>
        Effect.flatMap(actor, (a) =>
          Effect.all({ isAgent: community.isAgent(a.memberId), applications: community.myApplications(a) }),
        ),
      )
      .handle("becomeAgent", ({ payload }) =>
        Effect.flatMap(actor, (a) => community.applyAsAgent(a, payload)),
      )
      .handle("ideas", () => Effect.flatMap(actor, (a) => ideas.listIdeas(a)))
      .handle("postIdea", ({ payload }) => Effect.flatMap(actor, (a) => ideas.postIdea(a, payload)))
      .handle("upvoteIdea", ({ params }) => Effect.flatMap(actor, (a) => ideas.upvote(a, params.ideaId)))
  }),
)
