import { connect } from 'node:net'

export type RawAnswer = { status: number; headers: Record<string, string>; body: string }

/** Sends the bytes exactly as written over a plain socket and reads the answer until the server hangs up. */
export function rawExchange(port: number, text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      const answer = Buffer.concat(chunks).toString('utf8')
      const [head = '', ...rest] = answer.split('\r\n\r\n')
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(head)
      if (!status) return reject(new Error(`no HTTP answer to ${JSON.stringify(text.slice(0, 80))}: ${JSON.stringify(answer.slice(0, 200))}`))
      const headers = Object.fromEntries(
        head
          .split('\r\n')
          .slice(1)
          .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      )
      resolve({ status: Number(status[1]), headers, body: rest.join('\r\n\r\n') })
    })
    socket.write(text)
  })
}

/**
 * Sends a request exactly as written (request line and headers) and returns the status code: no HTTP client
 * normalises the target, so percent-encoded, absolute-form or dotted paths reach the server as they are.
 */
export async function rawRequest(port: number, options: { method: string; target: string; headers?: Record<string, string>; body?: string }): Promise<number> {
  const body = options.body ?? ''
  const headers = { host: 'metering.test', connection: 'close', ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...options.headers }
  const text = `${options.method} ${options.target} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n${body}`
  return (await rawExchange(port, text)).status
}
