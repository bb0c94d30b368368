/** Waiting without a clock-based sleep: poll a reading until it answers something. */

/** Polls `read` until it answers a value; usable in hooks, where expect.poll is not allowed. */
export const waitFor = async <A>(
  read: () => A | undefined | Promise<A | undefined>,
  what: string,
  timeoutMs = 20_000,
): Promise<A> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for the ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}
