/** `landunits content …`: each command's name, arguments, options and help; its action imports `content/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

/** Core's content kinds and text pages, written out so that help loads no schema (a test pins them to core's). */
export const CONTENT_KINDS = "projects, news, team, faq, references, pages"
export const PAGE_SLUGS = "fees, user-manual, about-us, terms-and-conditions, privacy-policy"

export const contentCommands = (content: Command, cli: Cli) => {
  content
    .command("list <kind>")
    .description(`show a content collection (${CONTENT_KINDS}); --json gives the file content load takes`)
    .action(async (kind) => (await import("./content/list.ts")).contentList(cli, kind))
  content
    .command("load <kind> <file>")
    .description(`replace a content collection from a JSON array (${CONTENT_KINDS})`)
    .action(async (kind, file) => (await import("./content/load.ts")).contentLoad(cli, kind, file))
  content
    .command("add-news <file>")
    .description("add a news article from Markdown with front matter, or update the one with the same link")
    .action(async (file) => (await import("./content/add-news.ts")).contentAddNews(cli, file))
  content
    .command("set-page <slug> <file>")
    .description(`write a text page from Markdown with front matter (title): ${PAGE_SLUGS}`)
    .action(async (slug, file) => (await import("./content/set-page.ts")).contentSetPage(cli, slug, file))
  content
    .command("add-vote <file>")
    .description("create a governance vote with its quiz from a JSON file")
    .action(async (file) => (await import("./content/add-vote.ts")).contentAddVote(cli, file))
  content
    .command("close-vote <voteId>")
    .description("close a governance vote now (no more ballots; results shown); asks first unless --yes")
    .action(async (voteId) => (await import("./content/close-vote.ts")).contentCloseVote(cli, voteId))
}
