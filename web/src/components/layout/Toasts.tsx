import { useSyncExternalStore } from "react"
import { toastStore } from "./toastStore.ts"

/** The toast region, fixed at the bottom centre; announced politely to screen readers. */
export function Toasts() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot, toastStore.snapshot)
  return (
    <section className="toasts" aria-live="polite" aria-label="Notifications">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.tone}`} role={t.tone === "error" ? "alert" : "status"}>
          <span>{t.message}</span>
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss"
            onClick={() => toastStore.dismiss(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  )
}
