/** What a reverse proxy (nginx) answers for an API it cannot reach: down, hung or restarting behind it. */
const GATEWAY_STATUSES = new Set([502, 503, 504])

/**
 * A proxy's answer in the API's stead: 502, 503 or 504 that is not the API's JSON (an HTML page, plain text,
 * nothing). The server was not reached, as with no answer at all. The API's own 5xx is always JSON (`{detail}`, the
 * health check's state): the server was reached and said why it failed. Told by the header, so the verdict does not
 * wait for the body.
 */
export function isGatewayFailure(status: number, contentType: string | null): boolean {
  return GATEWAY_STATUSES.has(status) && !/\bjson\b/i.test(contentType ?? '')
}
