import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedRegistryReferences } from '../../src/server/db/seed/registry'
import { startE2E, type E2E } from './harness'

let e2e: E2E
beforeAll(async () => {
  e2e = await startE2E()
  await seedRegistryReferences(e2e.database.db)
}, 120_000)
afterAll(() => e2e?.close())

describe('metering registry in the browser', () => {
  it('adds a point, installs a meter through the wizard, removes it with a reason and sees the history', async () => {
    const context = await e2e.newContext()
    const page = await context.newPage()
    await e2e.signIn(page)
    await page.goto('/points')
    await page.getByText('Нет точек учёта для отображения').waitFor()

    await page.getByRole('button', { name: 'Добавить' }).click()
    const form = page.getByRole('dialog', { name: 'Новая точка учёта' })
    await form.getByRole('button', { name: 'Сохранить' }).click()
    await form.getByText('Заполните это поле!').first().waitFor()
    await form.getByLabel('Наименование').fill('ТП-214, ввод 0,4 кВ')
    await form.getByLabel('Идентификатор точки учёта').fill('35-000214')
    await form.getByLabel('Адрес').fill('г. Вологда, ул. Ленина, 10')
    await form.getByText('Нет доступных абонентов').last().waitFor()
    await form.getByRole('button', { name: 'Сохранить' }).click()
    await page.getByRole('link', { name: 'ТП-214, ввод 0,4 кВ' }).first().waitFor()
    await page.getByLabel('Поиск').fill('нет такой')
    await page.getByText('Точка учёта содержащая "нет такой" не найдена.').waitFor()
    await page.getByLabel('Поиск').fill('35-0002')
    await page.getByRole('link', { name: 'ТП-214, ввод 0,4 кВ' }).first().click()

    await page.getByRole('heading', { name: 'ТП-214, ввод 0,4 кВ' }).waitFor()
    await page.getByRole('button', { name: 'Счетчики' }).click()
    await page.getByRole('button', { name: 'Установить счётчик' }).click()
    const wizard = page.getByRole('dialog', { name: 'Установка счётчика' })
    await wizard.getByLabel('Модель счётчика').selectOption({ label: 'Меркурий 230 ART (Меркурий 230/234/236)' })
    await wizard.getByRole('button', { name: 'Далее' }).click()
    await wizard.getByRole('button', { name: 'Далее' }).click()
    await wizard.getByText('Заполните это поле!').first().waitFor()
    await wizard.getByLabel('IP-адрес или имя узла').fill('10.20.30.40')
    await wizard.getByLabel('Сетевой адрес счётчика').fill('41')
    await wizard.getByRole('button', { name: 'Далее' }).click()
    await wizard.getByLabel('Серийный номер').fill('41234567')
    // A passed step stays editable: back to the connection, and forward again.
    await wizard.getByRole('button', { name: '2. Параметры подключения' }).click()
    expect(await wizard.getByLabel('IP-адрес или имя узла').inputValue()).toBe('10.20.30.40')
    await wizard.getByRole('button', { name: '3. Параметры счётчика' }).click()
    await wizard.getByLabel('Коэффициент трансформации тока').fill('40')
    await wizard.getByRole('button', { name: 'Установить' }).click()
    await page.getByText('Счетчик успешно добавлен').waitFor()
    await page.getByText('Установлен', { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Установить счётчик' }).count()).toBe(0)

    await page.getByRole('button', { name: 'Снять счётчик 41234567' }).click()
    const removal = page.getByRole('dialog', { name: 'Снятие счётчика 41234567' })
    await removal.getByLabel('Причина снятия').fill('Истёк межповерочный интервал')
    await removal.getByRole('button', { name: 'Снять' }).click()
    await page.getByText('Снят', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Установить счётчик' }).waitFor()
    expect(await page.getByRole('button', { name: 'Снять счётчик 41234567' }).isDisabled()).toBe(true)

    await page.getByRole('button', { name: 'История 41234567' }).click()
    const history = page.getByRole('dialog', { name: 'История счётчика 41234567' })
    await history.getByText('Истёк межповерочный интервал').waitFor()
    await history.getByText('Снятие').waitFor()
    await history.getByText('Установка').waitFor()
    expect(await history.getByText('Администратор Системы').count()).toBeGreaterThanOrEqual(2)
    await context.close()
  })

  it('edits a point offline, keeps the edit over a reload and sends it exactly once when back online', async () => {
    const token = await e2e.apiToken()
    const created = await e2e.app.inject({
      method: 'POST', url: '/api/points/', headers: { authorization: `JWT ${token}` },
      payload: { name: 'ж/д ул. Ленина, 12', point_number: '35-001012', address: 'г. Вологда, ул. Ленина, 12' },
    })
    const pointId = created.json().point_id as number
    const context = await e2e.newContext({ width: 1600, height: 1000 })
    const page = await context.newPage()
    await e2e.signIn(page)
    await page.goto('/points')
    await page.getByRole('link', { name: 'ж/д ул. Ленина, 12' }).first().click()
    await page.getByLabel('Примечание').waitFor()
    await page.evaluate(async () => navigator.serviceWorker.ready)

    await context.setOffline(true)
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'))
    await page.getByLabel('Примечание').fill('Щит в подвале, ключ у дворника')
    await page.getByRole('button', { name: 'Сохранить' }).click()
    await page.getByText('Ожидают отправки: 1').waitFor()
    await page.reload()
    await page.getByText('Нет связи').first().waitFor()
    await page.getByText('Ожидают отправки: 1').waitFor()
    expect(await page.getByLabel('Примечание').inputValue()).toBe('Щит в подвале, ключ у дворника')
    await page.goto('/points?search=ленина')
    await page.getByText('Нет связи с сервером: показаны данные, сохранённые на устройстве').waitFor()
    await page.getByRole('link', { name: 'ж/д ул. Ленина, 12' }).first().waitFor()

    await context.unroute('**/api/**')
    await context.setOffline(false)
    await page.getByText('Ожидают отправки: 1').waitFor({ state: 'detached' })
    const onServer = await e2e.app.inject({ method: 'GET', url: `/api/points/${pointId}/`, headers: { authorization: `JWT ${token}` } })
    expect(onServer.json()).toMatchObject({ remark: 'Щит в подвале, ключ у дворника', version: 2 })
    await context.close()
  })
})
