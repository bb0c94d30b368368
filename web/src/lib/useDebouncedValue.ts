/** `value` once it has stayed the same for `ms` (the first value at once): what a live region announces. */
import { useEffect, useState } from "react"

export function useDebouncedValue<A>(value: A, ms: number): A {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}
