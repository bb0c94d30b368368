/** The email a member gets when the sales team answers their sales chat. */
import { SalesChatEmail } from "@landunits/core/saleschat/SalesChatService.ts"
import { describe, expect, it } from "vitest"
import { renderEmail } from "../../src/email/EmailTemplates.ts"

describe("sales chat reply email", () => {
  it("greets the member, quotes the reply under the shown name, links to the chat, and escapes the HTML twin", () => {
    const email = renderEmail(
      SalesChatEmail.reply,
      { firstName: "Ann", authorName: "Sam from the sales team", text: "Yes <b>by bank</b> & card" },
      "https://landunits.example/",
    )
    if (!("subject" in email)) throw new Error(email.message)
    expect(email.subject).toBe("The sales team answered your message")
    expect(email.text).toContain("Hello Ann,")
    expect(email.text).toContain("Sam from the sales team wrote:")
    expect(email.text).toContain("Yes <b>by bank</b> & card")
    expect(email.text).toContain("https://landunits.example/dashboard/saleschat")
    expect(email.html).toContain("Yes &lt;b&gt;by bank&lt;/b&gt; &amp; card")
    expect(email.html).not.toContain("<b>by bank</b>")
  })
})
