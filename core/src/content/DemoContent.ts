/**
 * The demo content a fresh installation is seeded with (decisions.md, Content), so the site is complete on
 * first start. Admins replace each collection through the CLI.
 */
import type { FaqEntry, LandProject, NewsArticle, ReferenceEntry, TeamMember } from "./ContentModel.ts"
import { LandProjectId } from "./ContentModel.ts"

const day = (iso: string) => Date.parse(`${iso}T09:00:00Z`)

export const demoProjects: ReadonlyArray<LandProject> = [
  {
    id: LandProjectId.make("kent-orchard"),
    name: "Kent Orchard Restoration",
    description:
      "Forty hectares of traditional orchard in Kent, replanted with heritage apple and pear varieties and managed without synthetic pesticides.",
    status: "open",
    landValueInCents: 250_000_000,
    impactMetrics: {
      co2Offset: 120,
      forestIncrease: 12,
      naturalNitrogen: 35,
      organicIncrease: 100,
      pesticideElimination: 100,
      hedgerowIncrease: 18,
    },
  },
  {
    id: LandProjectId.make("dordogne-woodland"),
    name: "Dordogne Mixed Woodland",
    description:
      "A former maize field in the Dordogne turned into mixed oak and chestnut woodland with grazing meadows.",
    status: "open",
    landValueInCents: 180_000_000,
    impactMetrics: {
      co2Offset: 310,
      forestIncrease: 64,
      naturalNitrogen: 22,
      organicIncrease: 80,
      pesticideElimination: 100,
      hedgerowIncrease: 9,
    },
  },
  {
    id: LandProjectId.make("victoria-grassland"),
    name: "Victoria Native Grassland",
    description:
      "Regenerative grazing on native grassland in Victoria, Australia: soil carbon up, fertiliser down.",
    status: "closed",
    landValueInCents: 95_000_000,
    impactMetrics: {
      co2Offset: 75,
      forestIncrease: 3,
      naturalNitrogen: 41,
      organicIncrease: 60,
      pesticideElimination: 90,
      hedgerowIncrease: 4,
    },
  },
]

const sustainability = { slug: "sustainability", name: "Sustainability" }
const projects = { slug: "projects", name: "Projects" }
const community = { slug: "community", name: "Community" }

export const demoNews: ReadonlyArray<NewsArticle> = [
  {
    image: "/images/news/orchard.webp",
    title: "Spring planting finished at Kent Orchard",
    description: "Two thousand heritage trees are in the ground; the first blossom is expected next spring.",
    link: "/news/spring-planting-kent",
    category: projects,
    publishedAt: day("2026-04-20"),
  },
  {
    image: "/images/news/soil.webp",
    title: "What soil carbon measurements tell us",
    description: "How we measure the carbon our projects store, and why we publish every sample.",
    link: "/news/soil-carbon",
    category: sustainability,
    publishedAt: day("2026-06-02"),
  },
  {
    image: "/images/news/vote.webp",
    title: "Members vote on the next hedgerow programme",
    description: "The governance vote on the Dordogne hedgerows is open until the end of the month.",
    link: "/news/hedgerow-vote",
    category: community,
    publishedAt: day("2026-09-15"),
  },
]

export const demoTeam: ReadonlyArray<TeamMember> = [
  { name: "Amelia Hart", designation: "Founder and Chief Executive", img: "/images/team/amelia.webp" },
  { name: "Luc Moreau", designation: "Head of Land Projects", img: "/images/team/luc.webp" },
  { name: "Priya Nair", designation: "Head of Compliance", img: "/images/team/priya.webp" },
]

export const demoFaq: ReadonlyArray<FaqEntry> = [
  {
    question: "What is a Unit?",
    answer: "A Unit is a fungible share in the value of the sustainable land projects of one currency.",
    order: 1,
  },
  {
    question: "How do I buy Units?",
    answer:
      "Register, confirm your email, then choose Buy in your dashboard and pay by card, bank transfer or crypto.",
    order: 2,
  },
  {
    question: "When can I sell?",
    answer:
      "Once your identity is verified (KYC) you can offer owned Units for sale; buyers take them first in, first out.",
    order: 3,
  },
  {
    question: "What are the fees?",
    answer: "About 1 in the currency per purchase plus the payment provider's fee, and 10 Units per sale.",
    order: 4,
  },
]

export const demoReferences: ReadonlyArray<ReferenceEntry> = [
  {
    title: "Soil carbon sequestration in regenerative agriculture",
    description: "A review of measured soil carbon gains.",
    link: "https://www.fao.org/soils-portal",
    order: 1,
  },
  {
    title: "Hedgerows and biodiversity",
    description: "Why hedgerows matter for farmland wildlife.",
    order: 2,
  },
]
