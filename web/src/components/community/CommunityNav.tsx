/** The links between the governance pages, and between the community pages (spec §2 community tiles). */

const GOVERNANCE = [
  { href: "/dashboard/land-projects", label: "Land projects" },
  { href: "/dashboard/projects/open", label: "Open voting" },
  { href: "/dashboard/projects/close", label: "Closed voting" },
  { href: "/dashboard/community-ideas", label: "Community ideas" },
] as const

const COMMUNITY = [
  { href: "/dashboard/community/ask-question", label: "Ask a question" },
  { href: "/dashboard/community/your-question", label: "Your questions" },
  { href: "/dashboard/community/open-question", label: "Open questions" },
  { href: "/dashboard/community/close-question", label: "Closed questions" },
  { href: "/dashboard/community/become-agent", label: "Become an agent" },
  { href: "/dashboard/saleschat", label: "Sales chat" },
] as const

function Chips({
  label,
  links,
  current,
}: {
  readonly label: string
  readonly links: ReadonlyArray<{ readonly href: string; readonly label: string }>
  readonly current: string
}) {
  return (
    <nav aria-label={label} className="cm-nav">
      <ul className="chips">
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href} aria-current={l.href === current ? "page" : undefined}>
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export const GovernanceNav = ({ current }: { readonly current: string }) => (
  <Chips label="Governance pages" links={GOVERNANCE} current={current} />
)

export const CommunityNav = ({ current }: { readonly current: string }) => (
  <Chips label="Community pages" links={COMMUNITY} current={current} />
)
