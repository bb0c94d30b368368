/**
 * What the admin CLI prints is terminal-safe (support/Output.ts): member-provided text never drives the admin's
 * terminal. A file uploaded today is kept under a safe name (core's uploadDisplayName); one stored before that
 * (here put straight into the document store) still holds ESC and U+009B, and `kyc show` prints them as visible
 * escapes, in words and in JSON.
 */
import { memberActor } from "@landunits/core/access/AccessModel.ts"
import { KycService } from "@landunits/core/kyc/KycService.ts"
import { DocumentStore } from "@landunits/core/kyc/ports/DocumentStore.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { terminalSafe, toJson } from "../src/support/Output.ts"
import { useInProcessCli } from "./support/InProcessCli.ts"

const ADMIN = "safe-admin@landunits.example"
const member = MemberId.make("mem_escaper")
const { cli, run } = useInProcessCli(
  [
    { memberId: "mem_safe_admin", email: ADMIN, firstName: "Ada", lastName: "Admin", role: "admin" },
    { memberId: member, email: "escaper@example.com", firstName: "Esc", lastName: "Aper", role: "member" },
  ],
  { seed: "siteContent" },
)

/** Any character a terminal could act on; a line break between lines is the answer's own. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters the output must not hold
const TERMINAL_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

describe("terminal-safe output", () => {
  it("escapes every control and reordering character visibly, and JSON keeps the value with \\u escapes", () => {
    expect(terminalSafe("\u001b[2Jclear \u009b31mred \u202eevil\ttab")).toBe(
      "\\x1b[2Jclear \\x9b31mred \\u202eevil\\x09tab",
    )
    expect(terminalSafe("Müller — 護照")).toBe("Müller — 護照")
    const json = toJson({ name: "\u001b[2J\u009b31m\u202e" })
    expect(json).not.toMatch(TERMINAL_CONTROL)
    expect(JSON.parse(json)).toEqual({ name: "\u001b[2J\u009b31m\u202e" })
  })

  it("kyc show prints no control character: an upload's name is made safe, and an old stored one is escaped", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.7\n%%EOF\n")
    const uploaded = await run(
      Effect.flatMap(KycService, (kyc) =>
        kyc.uploadDocument(memberActor(member), member, "optionalDocument", {
          fileName: "\u009b31mbill\u001b[2J.pdf",
          bytes: pdf,
        }),
      ),
    )
    expect(uploaded.fileName).toBe("_31mbill_[2J.pdf")
    // A name stored before names were made safe.
    await run(
      Effect.flatMap(DocumentStore, (store) =>
        store.put(
          member,
          { documentId: "doc_old", fileName: "\u001b[2Jold\u009b31m.pdf", fileType: "pdf", size: pdf.length },
          pdf,
        ),
      ),
    )
    const shown = await cli("--as", ADMIN, "kyc", "show", "escaper@example.com")
    expect(shown.code).toBe(0)
    expect(shown.out).not.toMatch(TERMINAL_CONTROL)
    expect(shown.out).toContain("_31mbill_[2J.pdf (pdf")
    expect(shown.out).toContain("\\x1b[2Jold\\x9b31m.pdf (pdf")
    const asJson = await cli("--as", ADMIN, "--json", "kyc", "show", "escaper@example.com")
    expect(asJson.out).not.toMatch(TERMINAL_CONTROL)
    expect(JSON.parse(asJson.out).documents.map((d: { fileName: string }) => d.fileName)).toContain(
      "\u001b[2Jold\u009b31m.pdf",
    )
  })
})
