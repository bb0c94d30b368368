import { Result, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { AgentApplicationForm, IdeaForm, QuestionForm } from "../../src/community/CommunityForms.ts"
import { CommunityLimits, checkText } from "../../src/community/CommunityModel.ts"
import { firstErrorByPath, validate } from "../../src/validation/Issues.ts"

describe("community forms", () => {
  it("a blank question is refused with the service's words; text is trimmed", () => {
    const blank = validate(QuestionForm, { question: "   " })
    expect(blank.ok).toBe(false)
    if (!blank.ok) expect(firstErrorByPath(blank.errors)).toEqual({ question: "Question is required" })
    expect(Schema.decodeUnknownSync(QuestionForm)({ question: "  Why hedgerows?  " })).toEqual({
      question: "Why hedgerows?",
    })
  })

  it("each field names its own problem (idea title and description, agent application)", () => {
    const idea = validate(IdeaForm, {
      title: "",
      description: "x".repeat(CommunityLimits.ideaDescription + 1),
    })
    expect(idea.ok).toBe(false)
    if (!idea.ok)
      expect(firstErrorByPath(idea.errors)).toEqual({
        title: "Title is required",
        description: "Description must be at most 5000 characters",
      })
    const application = validate(AgentApplicationForm, {
      reason: "I know the land",
      experienceAndMotivation: " ",
    })
    expect(application.ok).toBe(false)
    if (!application.ok)
      expect(firstErrorByPath(application.errors)).toEqual({
        experienceAndMotivation: "Experience and motivation is required",
      })
  })

  it("the form accepts exactly what the service accepts, with the same message (property)", () => {
    const decode = Schema.decodeUnknownResult(QuestionForm)
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 20 }), fc.string({ minLength: 1990, maxLength: 2010 })),
        (question) => {
          const service = checkText("Question", question, CommunityLimits.question)
          const form = decode({ question })
          expect(Result.isSuccess(form)).toBe(service.ok)
          if (service.ok && Result.isSuccess(form)) expect(form.success.question).toBe(service.text)
          if (!service.ok) {
            const checked = validate(QuestionForm, { question })
            expect(checked.ok ? undefined : firstErrorByPath(checked.errors).question).toBe(service.message)
          }
        },
      ),
      { numRuns: 200 },
    )
  })
})
