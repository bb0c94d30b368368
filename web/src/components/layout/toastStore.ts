/** Toasts (spec §8: bottom centre): a tiny store the API-error paths push to and <Toasts/> shows. */
export interface Toast {
  readonly id: number
  readonly message: string
  readonly tone: "error" | "success" | "info"
}

type Listener = () => void

let toasts: ReadonlyArray<Toast> = []
let nextId = 1
const listeners = new Set<Listener>()
const emit = () => {
  for (const l of listeners) l()
}

export const toastStore = {
  subscribe: (listener: Listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  snapshot: () => toasts,
  show: (message: string, tone: Toast["tone"] = "error", lifetimeMs = 6000): number => {
    const id = nextId++
    toasts = [...toasts, { id, message, tone }]
    emit()
    if (lifetimeMs > 0) setTimeout(() => toastStore.dismiss(id), lifetimeMs)
    return id
  },
  dismiss: (id: number) => {
    toasts = toasts.filter((t) => t.id !== id)
    emit()
  },
  clear: () => {
    toasts = []
    emit()
  },
}
