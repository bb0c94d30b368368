/** A button that copies one value (a payment reference, an IBAN) and says so where a screen reader hears it. */
import { useState } from "react"

export function CopyButton({ value, label }: { readonly value: string; readonly label: string }) {
  const [said, setSaid] = useState("")
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setSaid("Copied")
    } catch {
      setSaid("Select it and copy it by hand")
    }
  }
  return (
    <span className="copy">
      <button type="button" className="btn btn--ghost btn--small" onClick={() => void copy()}>
        Copy<span className="visually-hidden"> the {label}</span>
      </button>
      <span className="copy__said muted small" role="status">
        {said}
      </span>
    </span>
  )
}
