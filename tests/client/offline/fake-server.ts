import { NetworkError, type Transport, type TransportRequest, type TransportResponse } from '../../../src/client/offline'
import type { CounterRow, PointRow } from '../../../src/client/offline'
import { ME } from './helpers'

/** What the next batch meets instead of a plain round trip. */
export type Fault =
  /** The batch never reaches the server. */
  | { kind: 'lost-request' }
  /** The server applies the batch, then the answer is lost on the way back. */
  | { kind: 'lost-answer' }
  /** A proxy or an overloaded server answers without applying anything. */
  | { kind: 'answer'; status: number; body?: unknown; headers?: Record<string, string> }

const REQUIRED_POINT_FIELDS = ['name', 'point_number', 'address'] as const

/**
 * A model of the server contract of DESIGN.md section 4 (not of the client): rows carry versions checked
 * against If-Match (412 with the current row), and each Idempotency-Key applies its mutation at most once,
 * a replay returning the stored answer and a reused key with another body getting 422.
 */
export class FakeServer {
  readonly points = new Map<number, PointRow>()
  readonly counters = new Map<number, CounterRow>()
  /** Every entry that reached the server, in order. */
  readonly received: TransportRequest[] = []
  /** The size of every batch that reached the server. */
  readonly batches: number[] = []
  /** Idempotency-Key of every mutation actually applied, in order. */
  readonly applied: string[] = []
  /** Who applied each of `applied`, in the same order (the server's audit names the token's user). */
  readonly appliedBy: number[] = []
  authorized = true
  private readonly answers = new Map<string, { fingerprint: string; response: TransportResponse }>()
  private readonly faults: Fault[] = []
  private nextPointId = 500

  seedPoint(row: PointRow): void {
    this.points.set(row.point_id, structuredClone(row))
  }

  seedCounter(row: CounterRow): void {
    this.counters.set(row.counter_id, structuredClone(row))
  }

  /** Another user's edit, made straight on the server. */
  editPointAsAnotherUser(pointId: number, changes: Partial<PointRow>): PointRow {
    const row = { ...this.requirePoint(pointId), ...changes, version: this.requirePoint(pointId).version + 1 }
    this.points.set(pointId, row)
    return row
  }

  requirePoint(pointId: number): PointRow {
    const row = this.points.get(pointId)
    if (!row) throw new Error(`no point ${pointId} on the fake server`)
    return row
  }

  failNext(...faults: Fault[]): void {
    this.faults.push(...faults)
  }

  /** How many times the mutation with this key was applied. */
  timesApplied(key: string): number {
    return this.applied.filter((applied) => applied === key).length
  }

  /**
   * POST /api/outbox/ of a console signed in as `user` (its token names the user): a fault meets the whole batch; the
   * entries are handled in order, and once an entry of an entity fails its later entries are not applied (424), as
   * the server does.
   */
  transportAs(user: number): Transport {
    return async (requests) => {
      const fault = this.faults.shift()
      if (fault?.kind === 'lost-request') throw new NetworkError('connection refused')
      this.batches.push(requests.length)
      this.received.push(...structuredClone(requests))
      if (fault?.kind === 'answer') return requests.map(() => ({ status: fault.status, body: fault.body ?? null, headers: fault.headers ?? {} }))
      const failed = new Set<string>()
      const responses = requests.map((request) => {
        const entity = request.method === 'POST' ? null : request.path
        if (entity && failed.has(entity)) return json(424, { detail: 'Не применено' })
        const response = this.handle(request, user)
        if (entity && response.status >= 300) failed.add(entity)
        return response
      })
      if (fault?.kind === 'lost-answer') throw new NetworkError('connection reset')
      return structuredClone(responses)
    }
  }

  /** The transport of the console's usual user. */
  readonly transport: Transport = this.transportAs(ME)

  private handle(request: TransportRequest, user: number): TransportResponse {
    if (!this.authorized) return json(401, { detail: 'Учётные данные не были предоставлены.' })
    const key = request.headers['Idempotency-Key']
    if (!key) return json(400, { detail: 'Нет Idempotency-Key' })
    const fingerprint = JSON.stringify([request.method, request.path, request.body])
    // Keys are scoped per user, as the real server scopes them: another user's key is a new request.
    const scopedKey = `${user}:${key}`
    const stored = this.answers.get(scopedKey)
    if (stored) return stored.fingerprint === fingerprint ? stored.response : json(422, { detail: 'Ключ идемпотентности уже использован' })
    const response = this.apply(request)
    // The key and the answer are kept only with a change, in the same transaction (DESIGN.md section 4).
    if (response.status < 300) {
      this.answers.set(scopedKey, { fingerprint, response })
      this.applied.push(key)
      this.appliedBy.push(user)
    }
    return response
  }

  private apply({ method, path, body, headers }: TransportRequest): TransportResponse {
    const pointMatch = /^\/api\/points\/(\d+)\/$/.exec(path)
    const counterMatch = /^\/api\/counters\/(\d+)\/$/.exec(path)
    if (method === 'POST' && path === '/api/points/') {
      const invalid = validatePoint(body)
      if (invalid) return invalid
      // The unique index on the point number (migration 0025): a second create of the same point is refused.
      if ([...this.points.values()].some((row) => row.point_number === body.point_number)) {
        return json(400, { point_number: ['Точка учёта с таким идентификатором уже существует'] })
      }
      const row: PointRow = {
        energy_limit: 5000,
        remark: null,
        customer_id: null,
        customer: null,
        ...(body as Partial<PointRow>),
        point_id: this.nextPointId++,
        counter_id: null,
        has_counter: false,
        point_represents_number: 0,
        version: 1,
      } as PointRow
      this.points.set(row.point_id, row)
      return json(201, row)
    }
    if (method === 'PUT' && pointMatch) {
      const current = this.points.get(Number(pointMatch[1]))
      if (!current) return json(404, { detail: 'Страница не найдена.' })
      if (headers['If-Match'] !== `"${current.version}"`) return json(412, current)
      const invalid = validatePoint(body)
      if (invalid) return invalid
      const row = { ...current, ...(body as Partial<PointRow>), version: current.version + 1 }
      this.points.set(row.point_id, row)
      return json(200, row)
    }
    if (method === 'PATCH' && counterMatch) {
      const current = this.counters.get(Number(counterMatch[1]))
      if (!current) return json(404, { detail: 'Страница не найдена.' })
      if (headers['If-Match'] !== `"${current.version}"`) return json(412, current)
      const row = { ...current, ...(body as Partial<CounterRow>), version: current.version + 1 }
      this.counters.set(row.counter_id, row)
      return json(200, row)
    }
    return json(405, { detail: `Метод ${method} не разрешён.` })
  }
}

function json(status: number, body: unknown): TransportResponse {
  return { status, body: structuredClone(body), headers: { 'Content-Type': 'application/json' } }
}

/** 400 for a missing required field (the spec's message), 422 for a business rule the data breaks. */
function validatePoint(body: Record<string, unknown>): TransportResponse | null {
  const missing = REQUIRED_POINT_FIELDS.filter((field) => typeof body[field] !== 'string' || body[field] === '')
  if (missing.length > 0) return json(400, Object.fromEntries(missing.map((field) => [field, ['Заполните это поле!']])))
  if (typeof body.energy_limit === 'number' && body.energy_limit < 0) {
    return json(422, { detail: 'Лимит энергии не может быть отрицательным' })
  }
  return null
}
