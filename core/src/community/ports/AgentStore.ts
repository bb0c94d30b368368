import { Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import type { AgentApplication, AgentApplicationId, AgentApplicationStatus } from "../CommunityModel.ts"

/**
 * Port: agent applications and the set of community agents.
 * `saveApplication` inserts or replaces; `listApplications` answers oldest first, optionally by status.
 * `addAgent` is idempotent.
 */
export class AgentStore extends Context.Service<
  AgentStore,
  {
    readonly saveApplication: (application: AgentApplication) => Effect.Effect<void>
    readonly getApplication: (
      applicationId: AgentApplicationId,
    ) => Effect.Effect<Option.Option<AgentApplication>>
    readonly listApplications: (filter: {
      readonly status?: AgentApplicationStatus
      readonly memberId?: MemberId
    }) => Effect.Effect<ReadonlyArray<AgentApplication>>
    readonly addAgent: (memberId: MemberId, since: number) => Effect.Effect<void>
    readonly isAgent: (memberId: MemberId) => Effect.Effect<boolean>
  }
>()("@landunits/core/community/ports/AgentStore") {
  static readonly layerMemory = Layer.effect(AgentStore)(
    Effect.sync(() => {
      const applications = new Map<AgentApplicationId, AgentApplication>()
      const agents = new Map<MemberId, number>()
      return AgentStore.of({
        saveApplication: (application) =>
          Effect.sync(() => {
            applications.set(application.applicationId, application)
          }),
        getApplication: (applicationId) =>
          Effect.sync(() => Option.fromNullishOr(applications.get(applicationId))),
        listApplications: (filter) =>
          Effect.sync(() =>
            [...applications.values()]
              .filter(
                (a) =>
                  (filter.status === undefined || a.status === filter.status) &&
                  (filter.memberId === undefined || a.memberId === filter.memberId),
              )
              .sort((a, b) => a.submittedAt - b.submittedAt),
          ),
        addAgent: (memberId, since) =>
          Effect.sync(() => {
            if (!agents.has(memberId)) agents.set(memberId, since)
          }),
        isAgent: (memberId) => Effect.sync(() => agents.has(memberId)),
      })
    }),
  )
}
