import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSigner } from 'fast-jwt'
import Fastify from 'fastify'
import { registerAuth } from '../../src/server/plugins/auth'
import { startTestApp, type TestApp } from '../helpers/test-app'

const SECRET = 'test-secret-test-secret-test-secret-0123'
let t: TestApp
let staffWithout: { token: string }
let nonStaff: { token: string }

beforeAll(async () => {
  t = await startTestApp()
  staffWithout = await t.userWith([])
  nonStaff = await t.userWith([], { is_stuff: false })
})
afterAll(() => t.close())

/** A concrete URL for a route pattern: every path parameter gets a plausible id. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'file.pdf')

describe('access on every API route, enumerated from the server itself', () => {
  it('knows the routes of every area', () => {
    const urls = new Set(t.app.apiRoutes.map((r) => r.url))
    expect(urls.size).toBeGreaterThan(20)
    for (const route of t.app.apiRoutes) expect(route.access ?? route.permission, `${route.method} ${route.url}`).toBeTruthy()
  })

  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    const forged = createSigner({ key: 'another-secret-another-secret-000000' })({ sub: '1' })
    const expired = createSigner({ key: SECRET, expiresIn: 1, clockTimestamp: Date.now() - 3600_000 })({ sub: '1' })
    const failures: string[] = []
    for (const route of t.app.apiRoutes.filter((r) => r.access !== 'public')) {
      for (const [label, token] of [['none', null], ['forged', forged], ['expired', expired]] as const) {
        const res = await t.call(token, { method: route.method as 'GET', url: concrete(route.url) })
        if (res.statusCode !== 401) failures.push(`${route.method} ${route.url} (${label}): ${res.statusCode}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('answers 403 to staff without the route permission and to users without is_stuff', async () => {
    const failures: string[] = []
    for (const route of t.app.apiRoutes.filter((r) => r.permission)) {
      const url = concrete(route.url)
      const staff = await t.call(staffWithout.token, { method: route.method as 'GET', url })
      if (staff.statusCode !== 403) failures.push(`${route.method} ${route.url} (staff without ${route.permission}): ${staff.statusCode}`)
      const outsider = await t.call(nonStaff.token, { method: route.method as 'GET', url })
      if (outsider.statusCode !== 403) failures.push(`${route.method} ${route.url} (not staff): ${outsider.statusCode}`)
    }
    expect(failures).toEqual([])
  })

  it('lets any signed-in user reach the routes open to every user', async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.access === 'user')) {
      const res = await t.call(nonStaff.token, { method: route.method as 'GET', url: concrete(route.url) })
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(res.statusCode)
    }
  })

  it('refuses to start with a route that declares no access', async () => {
    const app = Fastify()
    registerAuth(app, { secret: SECRET, ttlHours: 1 })
    expect(() => app.get('/api/undeclared/', async () => ({}))).toThrow(/declares no access/)
    await app.close()
  })
})
