/**
 * The header's "Logout", the menu's "Log Out" and the /logout page's button: a button, so a hover, a focus or
 * the router's preloading never signs the member out; a click does (session/signOut.ts), then /login.
 */
import { useNavigate } from "@tanstack/react-router"
import { type ReactNode, useState } from "react"
import { appSession } from "../../session/session.ts"
import { signOut } from "../../session/signOut.ts"

export function SignOutButton({
  children,
  className = "link",
  onSignedOut,
}: {
  readonly children: ReactNode
  readonly className?: string
  /** Runs after the session ended, before /login (the menu closes itself). */
  readonly onSignedOut?: () => void
}) {
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  return (
    <button
      type="button"
      className={className}
      aria-disabled={busy}
      onClick={async () => {
        if (busy) return
        setBusy(true)
        await signOut(appSession())
        onSignedOut?.()
        await navigate({ to: "/login" })
      }}
    >
      {children}
    </button>
  )
}
