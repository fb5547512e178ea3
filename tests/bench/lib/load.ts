import autocannon, { type Client } from 'autocannon'

export type LoadResult = { name: string; requestsPerSecond: number; medianMs: number; p99Ms: number; errors: number; non2xx: number }

/** Seconds of the same load run first and not counted: V8 compiles the hot paths, each connection prepares its statements. */
const WARMUP_SECONDS = 1

/** Runs autocannon against one URL on loopback and returns the figures the benchmarks print. */
export async function load(
  name: string,
  options: {
    url: string
    connections?: number
    seconds?: number
    headers?: Record<string, string>
    method?: 'GET' | 'POST'
    body?: string
    /**
     * A body for each connection in turn (a sign-in per user). autocannon's worker thread cannot take the function
     * that sets them, so such a load runs on this thread: use it only against a server in another process.
     */
    bodies?: string[]
  },
): Promise<LoadResult> {
  const { bodies } = options
  const run = (seconds: number) => {
    let connection = 0
    return autocannon({
      url: options.url,
      connections: options.connections ?? 50,
      duration: seconds,
      headers: options.headers,
      method: options.method ?? 'GET',
      body: options.body,
      ...(bodies
        ? { setupClient: (client: Client) => client.setBody(bodies[connection++ % bodies.length]!) }
        : // The load runs on its own thread: on the server's event loop it would take turns with the requests it measures.
          { workers: 1 }),
    })
  }
  // Sign-ins left running when the warm-up stops would still hold their logins: each is checked one at a time.
  if (!bodies) await run(WARMUP_SECONDS)
  const result = await run(options.seconds ?? 10)
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    medianMs: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

export function printTable(title: string, rows: LoadResult[]) {
  console.log(`\n${title}`)
  console.table(
    rows.map((r) => ({
      запрос: r.name,
      'запросов/с': r.requestsPerSecond,
      'медиана, мс': r.medianMs,
      'p99, мс': r.p99Ms,
      ошибки: r.errors,
      'не 2xx': r.non2xx,
    })),
  )
}
