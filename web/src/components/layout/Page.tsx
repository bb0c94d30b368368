import type { ReactNode } from "react"
import { errorMessage } from "../../api/client.ts"

export function PageHead({
  eyebrow,
  title,
  lead,
}: {
  readonly eyebrow?: string
  readonly title: string
  readonly lead?: ReactNode
}) {
  return (
    <div className="page-head">
      <div className="container">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1>{title}</h1>
        {lead ? <p>{lead}</p> : null}
      </div>
    </div>
  )
}

export function Empty({ children }: { readonly children: ReactNode }) {
  return <p className="empty">{children}</p>
}

/** What a page shows when its content could not be loaded (the toast says why). */
export function LoadError({ error }: { readonly error: unknown }) {
  return (
    <div className="container section">
      <p className="form-error" role="alert">
        This content could not be loaded: {errorMessage(error)}
      </p>
    </div>
  )
}

export function Loading() {
  return (
    <div className="container">
      <p className="loading" role="status">
        Loading…
      </p>
    </div>
  )
}
