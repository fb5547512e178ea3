import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Toaster from '../../../../src/client/components/ui/toaster'
import { toaster } from '../../../../src/client/components/ui/notify'
import { ConnParamsDialog } from '../../../../src/client/features/counters/components/conn-params-dialog'
import { cacheServerRows, offlineDb } from '../../../../src/client/offline'
import { T } from '../../../../src/shared/texts'
import { json } from '../../app-routes'
import { installation } from '../../offline/helpers'
import { asWritten, renderInApp } from '../../render-in-app'

// The meter's password is write-only: the server answers only whether it is set.

const paramsWith = (isSet: boolean) => [
  { par_name: 'source', description: 'Источник данных', par_value: 'TCP', required: true },
  { par_name: 'host', description: 'IP-адрес или имя узла', par_value: '10.0.0.5', required: true },
  { par_name: 'net_address', description: 'Сетевой адрес счётчика', par_value: '17', required: true },
  { par_name: 'port', description: 'TCP-порт', par_value: '4001', required: true },
  { par_name: 'password', description: 'Пароль', par_value: '', required: false, is_set: isSet },
  { par_name: 'timeout_ms', description: 'Таймаут ответа, мс', par_value: '1000', required: false },
]

let sent: unknown[]
let isSet: boolean
let sourcesReachable: boolean

beforeEach(() => {
  sent = []
  isSet = true
  sourcesReachable = true
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = input.split('?')[0]!
      if ((init.method ?? 'GET') !== 'GET') {
        const body = JSON.parse(String(init.body)) as { conn_params: Record<string, string> }
        sent.push(body)
        // As the server: a stored password is not kept for a new host.
        if (body.conn_params.host && !('password' in body.conn_params)) return json({ 'conn_params.password': [T.secretAddressChanged] }, 400)
        return json(paramsWith(true))
      }
      if (path === '/api/counters/5/conn_params/') return json(paramsWith(isSet))
      if (path === '/api/data_sources/' && !sourcesReachable) throw new TypeError('Failed to fetch')
      if (path === '/api/data_sources/')
        return json({
          count: 2,
          results: [
            { source_id: 1, name: 'TCP', remark: '' },
            { source_id: 2, name: 'lorawandb', remark: '' },
          ],
        })
      return json({ detail: 'Не найдено' }, 404)
    }),
  )
})
// Each save leaves a banner: more than the toaster's four would queue the offline test's banner behind them.
afterEach(() => {
  vi.unstubAllGlobals()
  toaster.remove()
})

async function openDialog() {
  const onClose = vi.fn()
  renderInApp(<ConnParamsDialog counter={{ counter_id: 5, serial_num: '50000001' }} onClose={onClose} />)
  const dialog = await screen.findByRole('dialog', { name: /Параметры подключения 50000001/ })
  const password = await within(dialog).findByLabelText('Пароль')
  return { dialog, password, onClose }
}

const save = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: T.save }))

describe('the connection parameters dialog and the meter password', () => {
  it('shows a stored password as «задан», empty, and keeps it when untouched', async () => {
    const { dialog, password, onClose } = await openDialog()
    expect(password).toHaveValue('')
    expect(password).toHaveAttribute('type', 'password')
    expect(password).toHaveAttribute('placeholder', T.secretSet)
    expect(within(dialog).getByText(T.secretHint)).toBeInTheDocument()
    await userEvent.clear(within(dialog).getByLabelText(/Таймаут ответа/))
    await userEvent.type(within(dialog).getByLabelText(/Таймаут ответа/), '3000')
    await save(dialog)
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent).toEqual([{ conn_params: { timeout_ms: '3000' } }])
  })

  it("shows on the password field the server's refusal to keep it for a new host, and sends it typed anew", async () => {
    const { dialog, password, onClose } = await openDialog()
    await userEvent.clear(within(dialog).getByLabelText(/IP-адрес или имя узла/))
    await userEvent.type(within(dialog).getByLabelText(/IP-адрес или имя узла/), '10.0.0.6')
    await save(dialog)
    expect(await within(dialog).findByText(T.secretAddressChanged)).toBeInTheDocument()
    expect(password).toHaveAttribute('aria-invalid', 'true')
    expect(onClose).not.toHaveBeenCalled()
    await userEvent.type(password, '564738')
    await save(dialog)
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(sent).toEqual([{ conn_params: { host: '10.0.0.6' } }, { conn_params: { host: '10.0.0.6', password: '564738' } }])
  })

  it('replaces the password with a new one', async () => {
    const { dialog, password } = await openDialog()
    await userEvent.type(password, '564738')
    await save(dialog)
    await waitFor(() => expect(sent).toEqual([{ conn_params: { password: '564738' } }]))
  })

  it('clears the password, and can take the clearing back', async () => {
    const { dialog, password } = await openDialog()
    await userEvent.click(within(dialog).getByRole('button', { name: `${T.clearSecret}: Пароль` }))
    expect(password).toBeDisabled()
    expect(within(dialog).getByText(T.secretWillClear)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: `${T.keepSecret}: Пароль` }))
    expect(password).toBeEnabled()
    await userEvent.click(within(dialog).getByRole('button', { name: `${T.clearSecret}: Пароль` }))
    await save(dialog)
    await waitFor(() => expect(sent).toEqual([{ conn_params: { password: '' } }]))
  })

  it('offers no clearing when no password is set', async () => {
    isSet = false
    const { dialog, password } = await openDialog()
    expect(password).not.toHaveAttribute('placeholder', T.secretSet)
    expect(within(dialog).queryByRole('button', { name: `${T.clearSecret}: Пароль` })).toBeNull()
  })
})

describe('typed connection parameters', () => {
  it('checks host and port before sending, with a numeric keyboard for numbers', async () => {
    const { dialog } = await openDialog()
    const host = within(dialog).getByLabelText(/IP-адрес или имя узла/)
    const port = within(dialog).getByLabelText(/TCP-порт/)
    expect(port).toHaveAttribute('inputmode', 'numeric')
    expect(within(dialog).getByLabelText(/Сетевой адрес/)).toHaveAttribute('inputmode', 'numeric')
    expect(host).not.toHaveAttribute('inputmode', 'numeric')
    await userEvent.clear(host)
    await userEvent.type(host, '10.0.0.300')
    await userEvent.clear(port)
    await userEvent.type(port, '99999')
    await save(dialog)
    expect(await within(dialog).findByText(T.invalidHost)).toBeInTheDocument()
    expect(within(dialog).getByText(T.outOfRange(1, 65_535), asWritten)).toBeInTheDocument()
    expect(sent).toEqual([])
  })

  // Found in the field: offline the dialog read the installation from the device, but «Источник данных» showed «—»,
  // as its choices come from the list of data sources, which was not on the device.
  it("shows the installation's data source when the list of sources cannot be read", async () => {
    sourcesReachable = false
    const { dialog } = await openDialog()
    await waitFor(() => expect(within(dialog).getByLabelText(/Источник данных/)).toHaveDisplayValue('TCP'))
  })
})

describe('the dialog with the server gone', () => {
  // Found in a sweep: offline the dialog showed the device's copy of the parameters as if the server had answered them.
  it("says the values are the device's copy and may be out of date; saving says nothing was saved for want of a connection and keeps the form", async () => {
    await offlineDb().installations.clear()
    await cacheServerRows(
      'installations',
      [installation(50, { counter_id: 5, serial_num: '50000001', conn_params: paramsWith(true).filter((p) => p.par_name !== 'password') })],
      { complete: true },
    )
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    const onClose = vi.fn()
    renderInApp(
      <>
        <ConnParamsDialog counter={{ counter_id: 5, serial_num: '50000001' }} onClose={onClose} />
        <Toaster />
      </>,
    )
    const dialog = await screen.findByRole('dialog', { name: /Параметры подключения 50000001/ })
    const host = await within(dialog).findByLabelText(/IP-адрес или имя узла/)
    expect(host).toHaveValue('10.0.0.5')
    expect(within(dialog).getByText(T.offlineConnParams)).toBeVisible()

    await userEvent.clear(host)
    await userEvent.type(host, '10.0.0.6')
    await save(dialog)
    expect(await screen.findByText(T.notSavedOffline)).toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
    expect(within(dialog).getByLabelText(/IP-адрес или имя узла/)).toHaveValue('10.0.0.6')
  })
})
