import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedRegistryReferences } from '../../src/server/db/seed/registry'
import { goOffline, goOnline, startE2E, type E2E } from './harness'

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
    await page.getByRole('searchbox', { name: 'Поиск' }).fill('нет такой')
    await page.getByText('Точка учёта, содержащая «нет такой», не найдена.').waitFor()
    await page.getByRole('searchbox', { name: 'Поиск' }).fill('35-0002')
    await page.getByRole('link', { name: 'ТП-214, ввод 0,4 кВ' }).first().click()

    await page.getByRole('heading', { name: 'ТП-214, ввод 0,4 кВ' }).waitFor()
    await page.getByRole('button', { name: 'Счётчики' }).click()
    // A meter of the same model that already holds the serial number typed first: the server's 400 on serial_num.
    const token = await e2e.apiToken()
    const models = await e2e.app.inject({ method: 'GET', url: '/api/counters_models/?page_size=all', headers: { authorization: `JWT ${token}` } })
    const mercury230 = (models.json().results as { model_id: number; name: string }[]).find((m) => m.name === 'Меркурий 230 ART')!
    const taken = await e2e.app.inject({
      method: 'POST',
      url: '/api/counters/',
      headers: { authorization: `JWT ${token}` },
      payload: { serial_num: '77700001', model_id: mercury230.model_id, coeff: 1, coeff_voltage: 1 },
    })
    expect(taken.statusCode).toBe(201)

    await page.getByRole('button', { name: 'Установить счётчик' }).click()
    const wizard = page.getByRole('dialog', { name: 'Установка счётчика' })
    const steps = wizard.getByRole('list', { name: 'Шаги установки' })
    const currentStep = steps.locator('[aria-current="step"]')
    const expectCurrent = async (name: string) => {
      await currentStep.and(steps.getByRole('button', { name, exact: true })).waitFor()
      expect(await currentStep.count()).toBe(1)
    }
    expect(await steps.getByRole('listitem').count()).toBe(5)
    for (const name of ['1. Модель', '2. Параметры подключения', '3. Параметры счётчика', '4. Проверка', '5. Готово']) {
      expect(await steps.getByRole('listitem').getByRole('button', { name, exact: true }).count()).toBe(1)
    }
    await expectCurrent('1. Модель')
    expect(await steps.getByRole('button', { name: '4. Проверка' }).isDisabled()).toBe(true)
    await wizard.getByLabel('Модель счётчика').selectOption({ label: 'Меркурий 230 ART (Меркурий 230/234/236)' })
    await wizard.getByRole('button', { name: 'Далее' }).click()
    await expectCurrent('2. Параметры подключения')
    await wizard.getByRole('button', { name: 'Далее' }).click()
    await wizard.getByText('Заполните это поле!').first().waitFor()
    await wizard.getByLabel('IP-адрес или имя узла').fill('10.20.30.40')
    await wizard.getByLabel('Сетевой адрес счётчика').fill('41')
    await wizard.getByRole('button', { name: 'Далее' }).click()
    await expectCurrent('3. Параметры счётчика')
    await wizard.getByLabel('Серийный номер').fill('77700001')
    // A passed step stays editable: back to the connection by the header, and forward again by the keyboard.
    await steps.getByRole('button', { name: '2. Параметры подключения' }).click()
    expect(await wizard.getByLabel('IP-адрес или имя узла').inputValue()).toBe('10.20.30.40')
    await steps.getByRole('button', { name: '3. Параметры счётчика' }).focus()
    await page.keyboard.press('Enter')
    await expectCurrent('3. Параметры счётчика')
    await wizard.getByLabel('Коэффициент трансформации тока').fill('40')
    await wizard.getByRole('button', { name: 'Далее' }).click()

    // Step 4: a read-only check of what will be sent, each part with the way back to its step.
    await expectCurrent('4. Проверка')
    const modelPart = wizard.getByRole('region', { name: 'Модель' })
    await modelPart.getByText('Меркурий 230 ART', { exact: true }).waitFor()
    const connPart = wizard.getByRole('region', { name: 'Параметры подключения' })
    await connPart.getByText('TCP', { exact: true }).waitFor()
    await connPart.getByText('10.20.30.40').waitFor()
    const meterPart = wizard.getByRole('region', { name: 'Параметры счётчика' })
    await meterPart.getByText('77700001').waitFor()
    await meterPart.getByText('40', { exact: true }).waitFor()
    expect(await wizard.getByRole('textbox').count()).toBe(0)
    // The header fits the tablet width without a sideways scroll, and a phone's by compact numbering.
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    const listOverflow = () => steps.evaluate((list) => list.scrollWidth - list.clientWidth)
    expect(await overflow()).toBeLessThanOrEqual(0)
    expect(await listOverflow()).toBeLessThanOrEqual(0)
    await page.setViewportSize({ width: 360, height: 740 })
    // (The point's screen behind the dialog is wider than a phone; the wizard itself stays inside the viewport.)
    const box = (await wizard.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(360)
    expect(await listOverflow()).toBeLessThanOrEqual(0)
    await wizard.getByText('Шаг 4 из 5: Проверка').waitFor()
    await page.setViewportSize({ width: 768, height: 1024 })

    // The server refuses the serial number: back to the meter step with its message.
    await wizard.getByRole('button', { name: 'Установить' }).click()
    await expectCurrent('3. Параметры счётчика')
    await wizard.getByText('Счётчик этой модели с таким серийным номером уже существует').waitFor()
    await wizard.getByLabel('Серийный номер').fill('41234567')
    await wizard.getByRole('button', { name: 'Далее' }).click()
    await expectCurrent('4. Проверка')
    await wizard.getByRole('button', { name: 'Изменить: Параметры подключения' }).click()
    await expectCurrent('2. Параметры подключения')
    await wizard.getByLabel('TCP-порт').fill('4002')
    await steps.getByRole('button', { name: '4. Проверка' }).click()
    await connPart.getByText('4002', { exact: true }).waitFor()
    await meterPart.getByText('41234567').waitFor()
    await wizard.getByRole('button', { name: 'Установить' }).click()

    // Step 5: the server accepted; the earlier steps are closed now.
    await expectCurrent('5. Готово')
    await wizard.getByRole('status').filter({ hasText: 'Счётчик успешно добавлен' }).waitFor()
    expect(await steps.getByRole('button', { name: '3. Параметры счётчика' }).isDisabled()).toBe(true)
    expect(await wizard.getByRole('button', { name: 'Установить', exact: true }).count()).toBe(0)
    await wizard.locator('button:focus', { hasText: 'Закрыть' }).click()
    await wizard.waitFor({ state: 'hidden' })
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
      method: 'POST',
      url: '/api/points/',
      headers: { authorization: `JWT ${token}` },
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

    await goOffline(context)
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

    await goOnline(context)
    await page.getByText('Ожидают отправки: 1').waitFor({ state: 'detached' })
    // The queue's counter may leave as the answer arrives; the stored row is what counts: the edit, once (version 2).
    const stored = async () => {
      const onServer = await e2e.app.inject({ method: 'GET', url: `/api/points/${pointId}/`, headers: { authorization: `JWT ${token}` } })
      const { remark, version } = onServer.json() as { remark: string; version: number }
      return { remark, version }
    }
    await expect.poll(stored, { timeout: 10_000 }).toEqual({ remark: 'Щит в подвале, ключ у дворника', version: 2 })
    await context.close()
  })

  it('walks the reference books by breadcrumbs, edits a data source and finds a meter by its serial number', async () => {
    const context = await e2e.newContext({ width: 1600, height: 1000 })
    const page = await context.newPage()
    await e2e.signIn(page)
    await page.goto('/counters_resource')
    await page.getByRole('link', { name: 'Электроэнергия' }).click()
    await page.getByRole('link', { name: 'Меркурий 200/206' }).click()
    await page.getByText('mercury_206').waitFor()
    await page.getByRole('link', { name: 'Меркурий 206 RN' }).click()
    await page.getByRole('heading', { name: 'Параметры модели Меркурий 206 RN' }).waitFor()
    await page.getByText('Напряжение фазы A').waitFor()
    await page.getByRole('link', { name: 'Меркурий 200/206' }).click()
    await page.getByRole('heading', { name: 'Модели счётчиков' }).waitFor()
    await page.goto('/counters_models?resource_type=3&counter_model_api=1')
    await page.getByText('Нет моделей для отображения').waitFor()

    await page.goto('/data_sources')
    await page.getByRole('button', { name: 'Добавить' }).click()
    const dialog = page.getByRole('dialog', { name: 'Новый источник данных' })
    await dialog.getByRole('button', { name: 'Сохранить' }).click()
    await dialog.getByText('Заполните это поле!').waitFor()
    await dialog.getByLabel('Наименование').fill('MQTT')
    await dialog.getByRole('button', { name: 'Сохранить' }).click()
    await page.getByRole('button', { name: 'Удалить MQTT' }).click()
    await page.getByText('Вы действительно хотите удалить эту строку?').waitFor()
    await page.getByRole('button', { name: 'Удалить', exact: true }).click()
    await page.getByRole('button', { name: 'Удалить MQTT' }).waitFor({ state: 'detached' })

    await page.goto('/counters')
    await page.getByLabel('Поиск по серийному номеру').fill('4123')
    await page.getByRole('cell', { name: '41234567', exact: true }).waitFor()
    await page.getByRole('button', { name: 'Отключить опрос 41234567' }).click()
    await page.getByText('Отключить опрос счётчика?').waitFor()
    await page.getByRole('button', { name: 'Отключить', exact: true }).click()
    await page.getByText('Отключён').waitFor()
    await context.close()
  })
})
