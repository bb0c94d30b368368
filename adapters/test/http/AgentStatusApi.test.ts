/** GET /api/community/agent-status: the member's own agent standing, which the community pages read. */
import { adminActor } from "@landunits/core/access/AccessModel.ts"
import { CommunityService } from "@landunits/core/community/CommunityService.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Layer } from "effect"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/demo/DemoSeed.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, useTestServer } from "../support/TestServer.ts"

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
  ),
)
const { newMember } = apiMembers(server)

describe("community agent status", () => {
  it("shows the member's own pending application, then agent once an admin approves; another member sees none of it", async () => {
    const applicant = await newMember("would-be-agent@example.com")
    expect(await json(await applicant.get("/api/community/agent-status"))).toEqual({
      isAgent: false,
      applications: [],
    })
    const applied = await json(
      await applicant.post("/api/community/becomeCommunityAgent", {
        reason: "I farm hedgerows",
        experienceAndMotivation: "Twenty years on the land",
      }),
    )
    const pending = await json(await applicant.get("/api/community/agent-status"))
    expect(pending).toMatchObject({
      isAgent: false,
      applications: [{ status: "Pending", reason: "I farm hedgerows" }],
    })
    await server.run(
      CommunityService.use((c) =>
        c.decideApplication(adminActor(MemberId.make("mem_admin_x")), applied.applicationId, "Approved"),
      ),
    )
    expect(await json(await applicant.get("/api/community/agent-status"))).toMatchObject({
      isAgent: true,
      applications: [{ status: "Approved" }],
    })
    const other = await newMember("bystander@example.com")
    expect(await json(await other.get("/api/community/agent-status"))).toEqual({
      isAgent: false,
      applications: [],
    })
  })
})
