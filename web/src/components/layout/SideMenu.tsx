/**
 * The signed-in member's grouped menu (spec §2). Every entry is a link except "Log Out", a button
 * (SignOutButton): signing out is a click, never a page the router could preload.
 */
import { useEffect, useRef } from "react"
import { createPortal } from "react-dom"
import { trapTab } from "../../lib/focus.ts"
import { SignOutButton } from "../auth/SignOutButton.tsx"

export const MENU_GROUPS: ReadonlyArray<{
  readonly title: string
  readonly links: ReadonlyArray<
    { readonly label: string; readonly href: string } | { readonly label: string; readonly signOut: true }
  >
}> = [
  {
    title: "Buy/Sell/Transfer",
    links: [
      { label: "Buy", href: "/dashboard/transaction?tab=buy" },
      { label: "Sell", href: "/dashboard/transaction?tab=sell" },
      { label: "Transfer", href: "/dashboard/transaction?tab=transfer" },
      { label: "Convert Units", href: "/dashboard/convert" },
      { label: "Transaction History", href: "/dashboard/my-transactions" },
      { label: "Transaction Statement", href: "/dashboard/statement" },
    ],
  },
  {
    title: "Information",
    links: [
      { label: "FAQ", href: "/faq" },
      { label: "News", href: "/news" },
      { label: "Land Project Details", href: "/dashboard/land-projects" },
      { label: "Q2 development", href: "/news/category/projects" },
      { label: "Statistics", href: "/statistics" },
      { label: "Fees", href: "/fees" },
      { label: "User Manual", href: "/user-manual" },
    ],
  },
  {
    title: "Governance",
    links: [
      { label: "Open Voting", href: "/dashboard/projects/open" },
      { label: "Closed Voting", href: "/dashboard/projects/close" },
      { label: "Community Ideas", href: "/dashboard/community-ideas" },
    ],
  },
  {
    title: "Community",
    links: [
      { label: "Ask a Question", href: "/dashboard/community/ask-question" },
      { label: "Open Questions", href: "/dashboard/questions/open" },
      { label: "Closed Questions", href: "/dashboard/questions/close" },
      { label: "Become an Agent", href: "/dashboard/community/become-agent" },
      { label: "Sales Chat", href: "/dashboard/saleschat" },
    ],
  },
  {
    title: "My Profile",
    links: [
      { label: "Profile Settings", href: "/dashboard/settings" },
      { label: "Change Password", href: "/dashboard/settings/change-password" },
      { label: "Kyc Verification", href: "/dashboard/settings/kyc-verification" },
      { label: "Manage Subscription", href: "/dashboard/settings/subscriptions" },
      { label: "Log Out", signOut: true },
    ],
  },
]

export function SideMenu({ onClose }: { readonly onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // Focus moves into the menu, and back to what opened it when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    panel.current?.querySelector<HTMLElement>("a, button")?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose()
    }
    document.addEventListener("keydown", onKey)
    return () => {
      document.removeEventListener("keydown", onKey)
      if (opener?.isConnected) opener.focus()
    }
  }, [onClose])
  // In <body>, not in the header: the header's backdrop-filter would make it the box a fixed panel sits in.
  return createPortal(
    <>
      <div className="side-menu__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        className="side-menu"
        id="side-menu"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        ref={panel}
        onKeyDown={(e) => panel.current !== null && trapTab(e, panel.current)}
      >
        <button type="button" className="btn btn--ghost btn--small" onClick={onClose}>
          Close menu
        </button>
        <nav aria-label="Member menu">
          {MENU_GROUPS.map((group) => (
            <section key={group.title}>
              <h2>{group.title}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.label}>
                    {"href" in link ? (
                      <a href={link.href} onClick={onClose}>
                        {link.label}
                      </a>
                    ) : (
                      <SignOutButton onSignedOut={onClose}>{link.label}</SignOutButton>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <p className="side-menu__contact">
            <a href="/contact-us" onClick={onClose}>
              Contact us
            </a>
          </p>
        </nav>
      </div>
    </>,
    document.body,
  )
}
