import { describe, expect, it } from "vitest"
import { parseFrontMatter } from "../src/support/FrontMatter.ts"

describe("Markdown front matter", () => {
  it("reads key: value pairs (quotes removed, comments skipped) and the body after the block", () => {
    expect(parseFrontMatter('---\ntitle: "A: B"\n# note\nslug: a-b\n---\n\nBody\nline 2\n')).toEqual({
      ok: true,
      document: { fields: { title: "A: B", slug: "a-b" }, body: "Body\nline 2" },
    })
  })

  it("refuses a file without an opening or closing line, and a line that is not key: value", () => {
    expect(parseFrontMatter("title: x")).toEqual({
      ok: false,
      error: "The file must start with front matter (a line ---)",
    })
    expect(parseFrontMatter("---\ntitle: x\n")).toEqual({
      ok: false,
      error: "The front matter has no closing line ---",
    })
    expect(parseFrontMatter("---\n- item\n---\n")).toEqual({
      ok: false,
      error: 'Line 2 is not "key: value": - item',
    })
  })
})
