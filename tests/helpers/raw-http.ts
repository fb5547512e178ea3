import { connect } from 'node:net'

/**
 * Sends a request exactly as written (request line and headers) over a plain socket and returns the status code:
 * no HTTP client normalises the target, so percent-encoded, absolute-form or dotted paths reach the server as they are.
 */
export function rawRequest(port: number, options: { method: string; target: string; headers?: Record<string, string>; body?: string }): Promise<number> {
  const body = options.body ?? ''
  const headers = { host: 'metering.test', connection: 'close', ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...options.headers }
  const text = `${options.method} ${options.target} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n${body}`
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
    socket.on('error', reject)
    socket.on('end', () => {
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(answer)
      if (status) resolve(Number(status[1]))
      else reject(new Error(`no HTTP answer to ${options.method} ${options.target}: ${JSON.stringify(answer.slice(0, 200))}`))
    })
    socket.write(text)
  })
}
