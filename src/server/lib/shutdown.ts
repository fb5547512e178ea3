type Exit = { exit: (code: number) => void; log: (message: string, error?: unknown) => void }

/**
 * Runs the stop steps (stop listening, wait for requests in flight, stop polls, close the database) and exits.
 * A step that never ends — a client gone silent mid-request, a meter poll on a dead line — must not keep the process
 * from stopping: at the deadline it exits 1 anyway.
 */
export async function stopWithin(deadlineMs: number, steps: () => Promise<void>, { exit, log }: Exit): Promise<void> {
  const deadline = setTimeout(() => {
    log(`shutdown took longer than ${deadlineMs / 1000} s: exiting with work still open`)
    exit(1)
  }, deadlineMs)
  deadline.unref()
  try {
    await steps()
    exit(0)
  } catch (error) {
    log('shutdown failed', error)
    exit(1)
  } finally {
    clearTimeout(deadline)
  }
}
