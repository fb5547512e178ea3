import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MarketAreaForm } from '../../../../src/client/features/represents/components/market-area-form'
import { session } from '../../../../src/client/lib/session'
import { T } from '../../../../src/shared/texts'
import { ADMIN, startRealServer, type RealServer } from '../../real-server'
import { renderInApp } from '../../render-in-app'

/** The object's 80020 area on its settings tab, against the real server (tests/client/real-server.ts). */
let server: RealServer
let token: string
let representId: number

beforeAll(async () => {
  server = await startRealServer('market-area')
  token = ((await (await server.call(null, 'POST', '/api/api-token-auth/', ADMIN)).json()) as { token: string }).token
  const created = await server.call(token, 'POST', '/api/represents/', { name: 'ПС Западная', remark: '', parent_id: null })
  representId = ((await created.json()) as { represent_id: number }).represent_id
  session.signIn(token)
}, 120_000)
afterAll(async () => {
  session.signOut()
  await server.stop()
})

function open(canChange: boolean) {
  return renderInApp(<MarketAreaForm representId={representId} canChange={canChange} />)
}

describe("an object's area for 80020", () => {
  it('refuses a bad INN in Russian, then saves the owner and shows it again', async () => {
    const user = userEvent.setup()
    const { unmount } = open(true)
    const inn = await screen.findByLabelText(T.areaInn)
    await user.type(inn, '12ab')
    await user.click(screen.getByRole('button', { name: T.save }))
    expect(await screen.findByText(T.innDigits)).toBeTruthy()
    await user.clear(inn)
    await user.type(inn, '1300000206')
    await user.click(screen.getByRole('button', { name: T.save }))
    expect(await screen.findByText(T.reportAreaNameRequired)).toBeTruthy()
    await user.type(screen.getByLabelText(T.areaName), 'АО «Сетевая компания»')
    await user.click(screen.getByRole('button', { name: T.save }))
    await waitFor(async () => {
      const stored = await (await server.call(token, 'GET', `/api/represents/${representId}/market_area/`)).json()
      expect(stored).toEqual({ area_inn: '1300000206', area_name: 'АО «Сетевая компания»' })
    })
    unmount()
    open(false)
    const group = await screen.findByRole('group', { name: T.areaTitle })
    await waitFor(() => expect((within(group).getByLabelText(T.areaInn) as HTMLInputElement).value).toBe('1300000206'))
    expect(within(group).queryByRole('button', { name: T.save })).toBeNull()
  })
})
