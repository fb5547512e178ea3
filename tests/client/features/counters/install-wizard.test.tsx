import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { InstallWizard } from '../../../../src/client/features/counters/components/install-wizard'
import type { Counter } from '../../../../src/shared/schemas/counters'
import { json } from '../../app-routes'
import { renderInApp } from '../../render-in-app'
import { counterAnswer } from '../../offline/helpers'
import { T } from '../../../../src/shared/texts'

const MODEL = {
  model_id: 3,
  name: 'Меркурий 230 ART',
  source: 1,
  source_name: 'TCP',
  resource_type: 1,
  resource_type_name: 'Электроэнергия',
  counter_model_api: 7,
  counter_model_api_name: 'Меркурий 230/234/236',
  external_model: 'mercury_230',
  has_storage: true,
  counter_width: 6,
  decimal_places: 2,
  remark: '',
}
const CONN_PARAMS = [
  { par_name: 'source', description: 'Источник данных', default_value: 'TCP', required: true },
  { par_name: 'host', description: 'IP-адрес или имя узла', default_value: '', required: true },
  { par_name: 'net_address', description: 'Сетевой адрес счётчика', default_value: '', required: true },
  { par_name: 'password', description: 'Пароль', default_value: '', required: false },
]
const meterRow = (id: number, serial: string) => counterAnswer(id, { serial_num: serial, model_id: MODEL.model_id, counter_model_api: MODEL.counter_model_api })

type Sent = { method: string; path: string; body: unknown }
let sent: Sent[]
/** The meters on no point the server holds, and the searches it was asked for (absent: no search). */
let available: Counter[]
let searches: (string | null)[]
/** Answers of the POSTs, in order; GETs answer the reference data above. */
let posts: Response[]

beforeEach(() => {
  sent = []
  posts = []
  available = [meterRow(55, '50000001')]
  searches = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = input.split('?')[0]!
      const query = new URLSearchParams(input.split('?')[1] ?? '')
      const method = init.method ?? 'GET'
      if (method !== 'GET') {
        sent.push({ method, path, body: JSON.parse(String(init.body)) })
        return posts.shift() ?? json({ detail: 'unexpected' }, 500)
      }
      if (path === '/api/counters_models/') return json({ count: 1, results: [MODEL] })
      if (path === '/api/data_sources/')
        return json({
          count: 2,
          results: [
            { source_id: 1, name: 'TCP', remark: '' },
            { source_id: 2, name: 'lorawandb', remark: '' },
          ],
        })
      if (path === '/api/counters/7/model_conn_params/') return json(CONN_PARAMS)
      if (path === '/api/counters/available_for_install/') {
        // The server's contract: search by serial number, pages of per_page.
        searches.push(query.get('search'))
        const found = available.filter((m) => m.serial_num.includes(query.get('search') ?? ''))
        const size = Number(query.get('per_page') ?? 25)
        const page = Number(query.get('page') ?? 1)
        return json({ count: found.length, results: found.slice((page - 1) * size, page * size) })
      }
      return json({ detail: 'Не найдено' }, 404)
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

function renderWizard() {
  const onDone = vi.fn()
  const onClose = vi.fn()
  renderInApp(<InstallWizard pointId={12} open onClose={onClose} onDone={onDone} />)
  const dialog = screen.getByRole('dialog', { name: 'Установка счётчика' })
  const header = within(dialog).getByRole('list', { name: 'Шаги установки' })
  const current = () => header.querySelector('[aria-current="step"]')
  return { dialog, header, current, onDone, onClose }
}

async function passFirstSteps(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.selectOptions(await within(dialog).findByLabelText(/Модель счётчика/), await within(dialog).findByRole('option', { name: /Меркурий 230 ART/ }))
  await user.click(within(dialog).getByRole('button', { name: 'Далее' }))
  await user.type(await within(dialog).findByLabelText(/IP-адрес или имя узла/), '10.0.0.5')
  await user.type(within(dialog).getByLabelText(/Сетевой адрес счётчика/), '17')
  await user.click(within(dialog).getByRole('button', { name: 'Далее' }))
}

// Five steps typed through: a busy machine running the other files beside it needs more than the default 15 s.
describe('the meter install wizard', { timeout: 40_000 }, () => {
  it('shows five steps in its header, the current one marked, later ones closed', async () => {
    const { header, current } = renderWizard()
    const items = within(header).getAllByRole('listitem')
    expect(items).toHaveLength(5)
    const names = ['1. Модель', '2. Параметры подключения', '3. Параметры счётчика', '4. Проверка', '5. Готово']
    items.forEach((item, index) => expect(within(item).getByRole('button')).toHaveAccessibleName(names[index]))
    expect(current()).toHaveAccessibleName('1. Модель')
    expect(
      within(header)
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-current') === 'step'),
    ).toHaveLength(1)
    for (const name of ['2. Параметры подключения', '4. Проверка', '5. Готово']) expect(within(header).getByRole('button', { name })).toBeDisabled()
  })

  it('asks before Escape or «Отмена» throws away what was typed, and stays when told to', async () => {
    const user = userEvent.setup()
    const { dialog, onClose } = renderWizard()
    await user.selectOptions(await within(dialog).findByLabelText(/Модель счётчика/), await within(dialog).findByRole('option', { name: /Меркурий 230 ART/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Далее' }))
    await user.type(await within(dialog).findByLabelText(/IP-адрес или имя узла/), '10.0.0.5')

    await user.keyboard('{Escape}')
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: T.stay }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(onClose).not.toHaveBeenCalled()
    expect(within(dialog).getByLabelText(/IP-адрес или имя узла/)).toHaveValue('10.0.0.5')

    await user.click(within(dialog).getByRole('button', { name: T.cancel }))
    const question = await screen.findByRole('alertdialog')
    expect(within(question).getByText(T.closeUnsaved)).toBeInTheDocument()
    await user.click(within(question).getByRole('button', { name: T.closeWithoutSaving }))
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce())
  })

  it('closes untouched on Escape without a question', async () => {
    const user = userEvent.setup()
    const { dialog, onClose } = renderWizard()
    await within(dialog).findByRole('option', { name: /Меркурий 230 ART/ })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce())
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('goes through check and done, and a 400 sends it back to the step holding the field', async () => {
    const user = userEvent.setup()
    const { dialog, header, current, onDone, onClose } = renderWizard()
    await passFirstSteps(user, dialog)
    expect(current()).toHaveAccessibleName('3. Параметры счётчика')
    await user.type(within(dialog).getByLabelText(/Серийный номер/), '777')
    await user.clear(within(dialog).getByLabelText(/Коэффициент трансформации тока/))
    await user.type(within(dialog).getByLabelText(/Коэффициент трансформации тока/), '40')
    await user.click(within(dialog).getByRole('button', { name: 'Далее' }))

    // The check: read-only, one part per content step, each with the way back.
    expect(current()).toHaveAccessibleName('4. Проверка')
    expect(within(dialog).queryAllByRole('textbox')).toHaveLength(0)
    const conn = within(dialog).getByRole('region', { name: 'Параметры подключения' })
    expect(within(conn).getByText('10.0.0.5')).toBeInTheDocument()
    expect(within(conn).getByText('TCP')).toBeInTheDocument()
    expect(within(conn).queryByText('Пароль')).toBeNull()
    const meter = within(dialog).getByRole('region', { name: 'Параметры счётчика' })
    expect(within(meter).getByText('777')).toBeInTheDocument()
    expect(within(meter).getByText('40')).toBeInTheDocument()
    expect(within(within(dialog).getByRole('region', { name: 'Модель' })).getByText('Меркурий 230 ART')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Изменить: Параметры подключения' }))
    expect(current()).toHaveAccessibleName('2. Параметры подключения')
    expect(within(dialog).getByLabelText(/IP-адрес или имя узла/)).toHaveValue('10.0.0.5')
    // The header by keyboard: Tab reaches the passed steps, Enter opens one.
    within(header).getByRole('button', { name: '4. Проверка' }).focus()
    await user.keyboard('{Enter}')
    expect(current()).toHaveAccessibleName('4. Проверка')

    posts.push(json({ serial_num: ['Счётчик этой модели с таким серийным номером уже существует'] }, 400))
    await user.click(within(dialog).getByRole('button', { name: 'Установить' }))
    await waitFor(() => expect(current()).toHaveAccessibleName('3. Параметры счётчика'))
    expect(within(dialog).getByText('Счётчик этой модели с таким серийным номером уже существует')).toBeInTheDocument()
    await waitFor(() => expect(within(dialog).getByLabelText(/Серийный номер/)).toHaveFocus())
    expect(sent[0]).toMatchObject({
      path: '/api/counters/create_and_install/',
      body: { point_id: 12, model_id: 3, serial_num: '777', coeff: 40, conn_params: { host: '10.0.0.5', net_address: '17' } },
    })

    await user.clear(within(dialog).getByLabelText(/Серийный номер/))
    await user.type(within(dialog).getByLabelText(/Серийный номер/), '778')
    await user.click(within(dialog).getByRole('button', { name: 'Далее' }))
    posts.push(json(meterRow(90, '778'), 201))
    await user.click(within(dialog).getByRole('button', { name: 'Установить' }))

    await waitFor(() => expect(current()).toHaveAccessibleName('5. Готово'))
    expect(within(dialog).getByRole('status')).toHaveTextContent('Счётчик успешно добавлен')
    expect(onDone).toHaveBeenCalledTimes(1)
    for (const name of ['1. Модель', '3. Параметры счётчика', '4. Проверка']) expect(within(header).getByRole('button', { name })).toBeDisabled()
    // The focus moves in an effect after 'Готово' shows, which a loaded machine may run a moment later.
    const close = await waitFor(() => {
      const focused = within(dialog)
        .getAllByRole('button', { name: 'Закрыть' })
        .find((b) => b === document.activeElement)
      expect(focused).toBeDefined()
      return focused!
    })
    await user.click(close)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('installs an existing meter chosen from those available, and checks the choice before leaving the step', async () => {
    const user = userEvent.setup()
    const { dialog, current } = renderWizard()
    await passFirstSteps(user, dialog)
    await user.click(within(dialog).getByText('Существующий счётчик'))
    await user.click(within(dialog).getByRole('button', { name: 'Далее' }))
    expect(current()).toHaveAccessibleName('3. Параметры счётчика')
    expect(within(dialog).getByText('Заполните это поле!')).toBeInTheDocument()

    await user.selectOptions(within(dialog).getByLabelText(/^Счётчик/), await within(dialog).findByRole('option', { name: '50000001' }))
    await user.click(within(dialog).getByRole('button', { name: 'Далее' }))
    expect(current()).toHaveAccessibleName('4. Проверка')
    const meter = within(dialog).getByRole('region', { name: 'Параметры счётчика' })
    expect(within(meter).getByText('50000001')).toBeInTheDocument()
    expect(within(meter).getByText('Существующий, без точки учёта')).toBeInTheDocument()

    posts.push(json(meterRow(55, '50000001')))
    await user.click(within(dialog).getByRole('button', { name: 'Установить' }))
    await waitFor(() => expect(current()).toHaveAccessibleName('5. Готово'))
    expect(sent).toEqual([
      expect.objectContaining({
        path: '/api/counters/55/update_and_install/',
        body: expect.objectContaining({ point_id: 12, conn_params: { host: '10.0.0.5', net_address: '17' } }),
      }),
    ])
  })

  it('searches the meters available by serial number, a page at a time, and keeps the choice across searches', async () => {
    available = Array.from({ length: 60 }, (_, i) => meterRow(100 + i, `7000${String(i).padStart(4, '0')}`))
    const user = userEvent.setup()
    const { dialog, current } = renderWizard()
    await passFirstSteps(user, dialog)
    await user.click(within(dialog).getByText('Существующий счётчик'))
    const choice = () => within(dialog).getByLabelText(/^Счётчик/)

    // The first page, then the next one added by «Показать ещё» until there is no more.
    await within(dialog).findByRole('option', { name: '70000049' })
    expect(within(choice()).queryByRole('option', { name: '70000050' })).toBeNull()
    expect(within(dialog).getByText('Показано 50 из 60')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Показать ещё' }))
    await within(dialog).findByRole('option', { name: '70000059' })
    expect(within(dialog).queryByRole('button', { name: 'Показать ещё' })).toBeNull()
    await user.selectOptions(choice(), within(dialog).getByRole('option', { name: '70000057' }))

    // The search asks the server once the typing pauses, not on every keystroke.
    await user.type(within(dialog).getByRole('searchbox', { name: 'Поиск счётчика по серийному номеру' }), '7000001')
    // The answer comes half a second after the last keystroke.
    await waitFor(() => expect(within(choice()).queryByRole('option', { name: '70000020' })).toBeNull())
    expect(within(choice()).getByRole('option', { name: '70000015' })).toBeInTheDocument()
    expect(searches.filter((s) => s !== null)).toEqual(['7000001'])
    // The meter chosen before stays chosen though this search does not find it.
    expect(choice()).toHaveDisplayValue('70000057')

    await user.clear(within(dialog).getByRole('searchbox', { name: 'Поиск счётчика по серийному номеру' }))
    await user.type(within(dialog).getByRole('searchbox', { name: 'Поиск счётчика по серийному номеру' }), '999')
    expect(await within(dialog).findByText('Счётчики с таким серийным номером не найдены')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Далее' }))
    expect(current()).toHaveAccessibleName('4. Проверка')
    expect(within(within(dialog).getByRole('region', { name: 'Параметры счётчика' })).getByText('70000057')).toBeInTheDocument()
    posts.push(json(meterRow(157, '70000057')))
    await user.click(within(dialog).getByRole('button', { name: 'Установить' }))
    await waitFor(() => expect(current()).toHaveAccessibleName('5. Готово'))
    expect(sent).toEqual([expect.objectContaining({ path: '/api/counters/157/update_and_install/' })])
  })

  it('says in Russian when the model has no meter free to install', async () => {
    available = []
    const user = userEvent.setup()
    const { dialog } = renderWizard()
    await passFirstSteps(user, dialog)
    await user.click(within(dialog).getByText('Существующий счётчик'))
    expect(await within(dialog).findByText('Нет счётчиков этой модели без точки учёта')).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Показать ещё' })).toBeNull()
  })
})
