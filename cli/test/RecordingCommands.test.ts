/**
 * `landunits recordings list|export` (issue 24): admins find recordings by member, page and start day, and export
 * one as a self-contained HTML replay; every export is audited, and an existing file is never overwritten.
 * (web/e2e/recording.test.ts opens such an export in Chromium and watches it replay.)
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { RecordingStore } from "@landunits/core/recording/ports/RecordingStore.ts"
import { RecordingId } from "@landunits/core/recording/RecordingModel.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { ExitCode } from "../src/Admin.ts"
import { useInProcessCli } from "./support/InProcessCli.ts"

const ADMIN = "replay-admin@landunits.example"
const MEMBER = "watched@landunits.example"
const member = MemberId.make("mem_watched")
const admin = MemberId.make("mem_replay_admin")

const { cli, run, dir } = useInProcessCli([
  { memberId: admin, email: ADMIN, firstName: "Ray", lastName: "Play", role: "admin" },
  { memberId: member, email: MEMBER, firstName: "Wanda", lastName: "Watched", role: "member" },
])
const asAdmin = (...args: ReadonlyArray<string>) => cli("--as", ADMIN, ...args)

const GUEST = RecordingId.make("guest-recording-0001")
const MEMBERS = RecordingId.make("member-recording-0001")
const JAN_10 = Date.parse("2026-01-10T12:00:00Z")
const JAN_20 = Date.parse("2026-01-20T12:00:00Z")

const seed = () =>
  run(
    Effect.gen(function* () {
      const store = yield* RecordingStore
      const append = (recordingId: RecordingId, at: number, path: string, memberId?: MemberId) =>
        store.append({
          recordingId,
          sessionKey: recordingId,
          memberId,
          sequence: 0,
          path,
          events: [
            {
              type: 4,
              timestamp: at,
              data: { href: `https://landunits.example${path}`, width: 800, height: 600 },
            },
            { type: 3, timestamp: at + 10, data: { source: 2, type: 2, id: 1, x: 1, y: 1 } },
          ],
          at,
          maxStoredBytes: 1_000_000,
          mayStart: true,
        })
      yield* append(GUEST, JAN_10, "/statistics")
      yield* append(MEMBERS, JAN_20, "/dashboard", member)
    }),
  )

describe("recordings commands", () => {
  it("list: refuses without an admin; filters by member, page and start day, newest first", async () => {
    await seed()
    expect((await cli("recordings", "list")).code).toBe(ExitCode.refused)
    const all = await asAdmin("recordings", "list")
    expect(all.code).toBe(0)
    expect(all.out.indexOf(MEMBERS)).toBeLessThan(all.out.indexOf(GUEST))
    expect(all.out).toContain(MEMBER)
    expect(all.out).toContain("guest")
    const byMember = await asAdmin("recordings", "list", "--member", MEMBER)
    expect(byMember.out).toContain(MEMBERS)
    expect(byMember.out).not.toContain(GUEST)
    const byPath = await asAdmin("recordings", "list", "--path", "/statistics/")
    expect(byPath.out).toContain(GUEST)
    expect(byPath.out).not.toContain(MEMBERS)
    const byDays = await asAdmin("recordings", "list", "--from", "2026-01-01", "--to", "2026-01-10")
    expect(byDays.out).toContain(GUEST)
    expect(byDays.out).not.toContain(MEMBERS)
    expect((await asAdmin("recordings", "list", "--from", "2026-02-01")).out).toBe("No recording matches.")
    expect((await asAdmin("recordings", "list", "--from", "10/01/2026")).err).toContain(
      "--from must be a day, yyyy-mm-dd",
    )
    const json = JSON.parse((await asAdmin("--json", "recordings", "list", "--member", MEMBER)).out)
    expect(json.recordings).toEqual([
      expect.objectContaining({
        recordingId: MEMBERS,
        memberId: member,
        member: MEMBER,
        paths: ["/dashboard"],
      }),
    ])
  })

  it("export: one self-contained HTML replay, audited; never over an existing file; an unknown id is refused", async () => {
    const file = path.join(dir(), "replay.html")
    const done = await asAdmin("recordings", "export", MEMBERS, "--to", file)
    expect(done.code).toBe(0)
    expect(done.out).toContain(file)
    const html = fs.readFileSync(file, "utf8")
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    // Self-contained: the player inlined, no script or stylesheet fetched from anywhere.
    expect(html).not.toMatch(/<script[^>]+src=/i)
    expect(html).not.toMatch(/<link[^>]+stylesheet/i)
    expect(html).toContain("rrwebPlayer")
    expect(html).toContain(".rr-player")
    expect(html).toContain("https://landunits.example/dashboard")
    expect(html).toContain(MEMBER)

    const again = await asAdmin("recordings", "export", MEMBERS, "--to", file)
    expect(again.code).toBe(ExitCode.refused)
    expect(again.err).toContain(`Cannot write ${file}`)
    expect((await asAdmin("recordings", "export", "no-such-recording-1", "--to", `${file}.2`)).err).toContain(
      "No recording no-such-recording-1.",
    )

    const audited = await run(Effect.flatMap(AuditLog, (log) => log.list({ action: "recordings.export" })))
    expect(audited).toHaveLength(1)
    expect(audited[0]).toMatchObject({
      actor: admin,
      subject: `recording:${MEMBERS}`,
      details: expect.objectContaining({ file, member, events: "2", via: "cli" }),
    })
  })
})
