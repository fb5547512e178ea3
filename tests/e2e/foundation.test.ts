import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { T } from '../../src/shared/texts'
import { ADMIN, goOffline, startE2E, type E2E } from './harness'

let e: E2E
beforeAll(async () => {
  e = await startE2E()
})
afterAll(() => e?.close())

describe('the console shell', () => {
  it('sends a visitor without a token to /login, refuses a wrong password, and signs the admin in', async () => {
    const context = await e.newContext()
    const page = await context.newPage()
    await page.goto('/users')
    await page.waitForURL(/\/login/)
    expect(await page.getByRole('navigation').count()).toBe(0)
    await page.getByLabel('Логин').fill(ADMIN.username)
    await page.getByLabel('Пароль').fill('wrong-password')
    await page.getByRole('button', { name: 'Войти' }).click()
    await page.getByText(T.loginFailed).waitFor()
    await page.getByLabel('Пароль').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Войти' }).click()
    await page.waitForURL(/\/users/)
    await expect(page.getByTestId('current-user').textContent()).resolves.toBe('Администратор Системы')
    await context.close()
  })

  it('shows the 404 page for an unknown path', async () => {
    const context = await e.newContext()
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto('/no/such/page')
    await page.getByText(T.notFoundPage).waitFor()
    await context.close()
  })

  it('manages users through the UI: add, find, edit, delete', async () => {
    const context = await e.newContext({ width: 1280, height: 900 })
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto('/users')
    await page.getByRole('button', { name: 'Добавить' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Добавить' }).click()
    await expect(dialog.getByText(T.requiredUser).count()).resolves.toBeGreaterThan(0)
    await dialog.getByLabel('Логин').fill('petrova')
    await dialog.getByLabel('Имя').fill('Анна')
    await dialog.getByLabel('Фамилия').fill('Петрова')
    await dialog.getByLabel('E-mail').fill('petrova@example.ru')
    await dialog.getByLabel(/^Пароль/).fill('secret-123')
    await dialog.getByLabel('Повторите пароль').fill('secret-124')
    await dialog.getByRole('button', { name: 'Добавить' }).click()
    await dialog.getByText(T.passwordsMismatch).waitFor()
    await dialog.getByLabel('Повторите пароль').fill('secret-123')
    await dialog.getByText('Операторы').click()
    await dialog.getByRole('button', { name: 'Добавить' }).click()
    await page.getByText(T.userAdded).waitFor()
    await page.getByRole('cell', { name: 'petrova', exact: true }).waitFor()

    await page.getByLabel('Поиск').fill('petr')
    await page.waitForURL(/search=petr/)
    await expect.poll(() => page.getByRole('row').count()).toBe(2)

    await page.getByRole('button', { name: 'Изменить petrova' }).click()
    await page.getByRole('dialog').getByLabel('Имя').fill('Анастасия')
    await page.getByRole('dialog').getByRole('button', { name: 'Сохранить' }).click()
    await page.getByRole('cell', { name: 'Анастасия' }).waitFor()

    await page.getByRole('button', { name: 'Удалить petrova' }).click()
    await page.getByRole('alertdialog').getByText(T.confirmDeleteUser).waitFor()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click()
    await page.getByRole('cell', { name: 'petrova', exact: true }).waitFor({ state: 'detached' })
    await context.close()
  })

  it('manages subscribers through the UI: checked identifiers, add, find, edit, delete', async () => {
    const context = await e.newContext({ width: 1280, height: 900 })
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto('/customers')
    await page.getByRole('button', { name: 'Добавить' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Тип абонента').selectOption({ label: 'Физическое лицо' })
    await dialog.getByLabel('Фамилия').fill('Соколова')
    await dialog.getByLabel('Имя').fill('Мария')
    await dialog.getByLabel('Отчество').fill('Ивановна')
    await dialog.getByLabel('СНИЛС').fill('11223344596')
    await dialog.getByRole('button', { name: 'Добавить' }).click()
    await dialog.getByText(T.snilsChecksum).waitFor()
    await dialog.getByLabel('СНИЛС').fill('11223344595')
    await dialog.getByRole('button', { name: 'Добавить' }).click()
    await page.getByText(T.customerAdded).waitFor()
    await page.getByRole('cell', { name: 'Соколова Мария Ивановна' }).first().waitFor()

    await page.getByLabel('Поиск').fill('Сокол')
    await page.waitForURL(/search=/)
    await expect.poll(() => page.getByRole('row').count()).toBe(2)

    await page.getByRole('button', { name: 'Изменить Соколова Мария Ивановна' }).click()
    await expect(page.getByRole('dialog').getByLabel('Тип абонента').isDisabled()).resolves.toBe(true)
    await page.getByRole('dialog').getByLabel('Фамилия').fill('Соколова-Петрова')
    await page.getByRole('dialog').getByRole('button', { name: 'Сохранить' }).click()
    await page.getByRole('cell', { name: 'Соколова-Петрова Мария Ивановна' }).first().waitFor()

    await page.getByRole('button', { name: 'Удалить Соколова-Петрова Мария Ивановна' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click()
    await page.getByRole('cell', { name: 'Соколова-Петрова Мария Ивановна' }).first().waitFor({ state: 'detached' })
    await context.close()
  })

  it('keeps the shell working offline after the service worker installed it', async () => {
    const context = await e.newContext()
    const page = await context.newPage()
    await e.signIn(page)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    await page.evaluate(async () => navigator.serviceWorker.ready)
    await page.waitForFunction(() => localStorage.getItem('metering-query-cache') !== null)
    await goOffline(context)
    await page.reload()
    await page.getByRole('button', { name: 'Выход' }).waitFor()
    await page.getByText('Нет связи').first().waitFor()
    await context.close()
  })
})
