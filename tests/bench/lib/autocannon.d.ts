// The parts of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number }
  type Result = { requests: Histogram; latency: Histogram; throughput: Histogram; errors: number; timeouts: number; non2xx: number }
  type Options = {
    url: string
    connections?: number
    duration?: number
    amount?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    /** Threads the load runs on, apart from the caller's event loop. */
    workers?: number
    requests?: { method?: string; path?: string; headers?: Record<string, string>; body?: string }[]
    /** Called for each connection as it opens; not with `workers`, whose threads take no functions. */
    setupClient?: (client: Client) => void
  }
  export type Client = { setBody: (body: string) => void }
  export default function autocannon(options: Options): Promise<Result>
}
