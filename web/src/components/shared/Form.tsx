/**
 * A form on a page the server renders (docs/web/pages-rendered-on-the-server.md). Until React runs
 * the page, its fields and buttons are disabled (one fieldset, laid out as if absent): a press of Enter or a
 * click before then would otherwise submit the form natively, as a GET with every field (a password too) in
 * the address, and typing would go into fields React does not know yet. `method="post"` keeps fields out of
 * the address even so. `useHydrated` (the router's): false on the server and while React hydrates, true after.
 */
import { useHydrated } from "@tanstack/react-router"
import type { ComponentProps } from "react"

export function Form({ children, ...props }: ComponentProps<"form">) {
  const hydrated = useHydrated()
  return (
    <form method="post" {...props}>
      <fieldset className="form__fields" disabled={!hydrated}>
        {children}
      </fieldset>
    </form>
  )
}
