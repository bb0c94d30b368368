/**
 * Hands `items` out to `workers` (browser tabs, or slots that open their own page), each taking the next item as
 * soon as it is done with its last: pages that mostly wait for their network are visited a few at a time.
 */
export const shareOut = async <W, A>(
  workers: ReadonlyArray<W>,
  items: ReadonlyArray<A>,
  work: (worker: W, item: A) => Promise<void>,
): Promise<void> => {
  const waiting = [...items]
  await Promise.all(
    workers.map(async (worker) => {
      for (let item = waiting.shift(); item !== undefined; item = waiting.shift()) await work(worker, item)
    }),
  )
}
