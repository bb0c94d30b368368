import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  FaqEntry,
  ImpactMetrics,
  LandProject,
  NewsArticle,
  NewsCategory,
  ReferenceEntry,
  TeamMember,
} from "../../src/content/ContentModel.ts"

const impact = {
  co2Offset: 1200.5,
  forestIncrease: 12,
  naturalNitrogen: 30,
  organicIncrease: 100,
  pesticideElimination: 100,
  hedgerowIncrease: 4.5,
}

describe("Content models", () => {
  it("a land project carries its land value in cents and the six impact metrics", () => {
    const project = {
      id: "prj_devon",
      name: "Devon farm",
      description: "Mixed farm",
      status: "open",
      landValueInCents: 150_000_000_00,
      impactMetrics: impact,
    }
    expect(Schema.decodeUnknownSync(LandProject)(project)).toEqual(project)
    expect(() => Schema.decodeUnknownSync(LandProject)({ ...project, landValueInCents: 1.5 })).toThrow()
    expect(() => Schema.decodeUnknownSync(LandProject)({ ...project, status: "paused" })).toThrow()
    expect(() => Schema.decodeUnknownSync(ImpactMetrics)({ ...impact, co2Offset: Number.NaN })).toThrow()
  })

  it("a news article has image, title, description, link and a category with a URL-safe slug", () => {
    const article = {
      image: "https://cdn.example/news/1.jpg",
      title: "New project",
      description: "We bought a farm",
      link: "https://example.com/news/1",
      category: { slug: "land-projects", name: "Land projects" },
      publishedAt: 1_767_225_600_000,
    }
    expect(Schema.decodeUnknownSync(NewsArticle)(article)).toEqual(article)
    expect(() => Schema.decodeUnknownSync(NewsCategory)({ slug: "Land Projects", name: "x" })).toThrow()
  })

  it("team members, FAQ entries and references decode as given", () => {
    const member = { name: "Ada", designation: "Project Manager", img: "/team/ada.jpg" }
    expect(Schema.decodeUnknownSync(TeamMember)(member)).toEqual(member)
    expect(
      Schema.decodeUnknownSync(FaqEntry)({
        question: "What is a Unit?",
        answer: "A share of a project",
        order: 1,
      }),
    ).toMatchObject({ order: 1 })
    expect(
      Schema.decodeUnknownSync(ReferenceEntry)({ title: "Report 2025", description: "", order: 2 }),
    ).not.toHaveProperty("link")
    expect(() => Schema.decodeUnknownSync(TeamMember)({ ...member, name: "" })).toThrow()
  })
})
