import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startE2E, type E2E } from './harness'

// The console with the keyboard alone, at tablet width: Tab, Shift+Tab, Enter, Escape and typing into the focused
// field. No clicks, no element handles acted on: what a person without a mouse can reach, the test reaches.

let e: E2E
beforeAll(async () => {
  e = await startE2E({ demo: true })
})
afterAll(() => e?.close())

type Focused = { tag: string; name: string; ringVisible: boolean; ring: string; dialog: string | null }

/**
 * The focused element: its accessible name (roughly), its focus indicator and the dialog it is in. The indicator
 * counts when it is the browser's own ring (outline: auto) or an outline or box-shadow whose colour stands out
 * 3:1 from the surface the control sits on (WCAG 1.4.11).
 */
function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return null
    const labelled = el.getAttribute('aria-labelledby')
    const label = (el as HTMLInputElement).labels?.[0]?.textContent
    const name = el.getAttribute('aria-label') ?? (labelled ? document.getElementById(labelled)?.textContent : null) ?? label ?? el.textContent ?? ''
    const rgba = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number)
    const luminance = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!)
    }
    const contrast = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
      return (hi! + 0.05) / (lo! + 0.05)
    }
    let surface = [255, 255, 255]
    for (let node = el.parentElement; node; node = node.parentElement) {
      const bg = rgba(getComputedStyle(node).backgroundColor)
      if ((bg[3] ?? 1) > 0) {
        surface = bg
        break
      }
    }
    const style = getComputedStyle(el)
    const shadowColor = style.boxShadow === 'none' ? null : /rgba?\([^)]*\)/.exec(style.boxShadow)?.[0]
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
    const ringVisible =
      style.outlineStyle === 'auto' ||
      (outline && contrast(rgba(style.outlineColor), surface) >= 3) ||
      (shadowColor !== null && shadowColor !== undefined && (rgba(shadowColor)[3] ?? 1) > 0 && contrast(rgba(shadowColor), surface) >= 3)
    const dialog = el.closest('[role=dialog], [role=alertdialog]')
    return {
      tag: el.tagName.toLowerCase(),
      name: name.replace(/\s+/g, ' ').replace(/\*$/, '').trim(),
      ringVisible,
      ring: `outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}, box-shadow ${style.boxShadow}, on rgb(${surface.join(', ')})`,
      dialog: dialog ? (dialog.getAttribute('aria-label') ?? dialog.querySelector('h2')?.textContent ?? '') : null,
    }
  })
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focused element's name matches, and checks that the focus can be
 * seen there. Fails when the element is not reached within `max` presses: it is then not reachable by keyboard.
 */
async function tabTo(
  page: Page,
  name: string | RegExp,
  { back = false, max = 60, tag }: { back?: boolean; max?: number; tag?: string } = {},
): Promise<Focused> {
  const seen: string[] = []
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    const now = await focused(page)
    const hit = now && (typeof name === 'string' ? now.name === name : name.test(now.name)) && (!tag || now.tag === tag)
    if (hit) {
      expect(now.ringVisible, `a visible focus indicator on ${now.tag} "${now.name}": ${now.ring}`).toBe(true)
      return now
    }
    seen.push(now ? `${now.tag}:${now.name.slice(0, 30)}` : 'body')
  }
  throw new Error(`"${String(name)}" not reached by ${back ? 'Shift+Tab' : 'Tab'}; focus went through: ${seen.join(' → ')}`)
}

/** Replaces the text of the focused field. */
async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(text)
}

/** Opens the side menu (a drawer below the desktop width) from the header and follows one of its entries. */
async function menuTo(page: Page, entry: string | RegExp, heading: string) {
  await tabTo(page, 'Открыть меню', { back: true, max: 200 })
  await page.keyboard.press('Enter')
  await page.getByRole('dialog', { name: 'Меню' }).waitFor()
  await tabTo(page, entry, { tag: 'a', max: 80 })
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  await page.getByRole('dialog', { name: 'Меню' }).waitFor({ state: 'detached' })
}

describe('the console by keyboard alone, at 768 px', () => {
  it('signs in, adds and edits a point, confirms and cancels a delete, opens an application', async () => {
    const stamp = String(Date.now() % 1_000_000)
    // A second point to delete, next to the one added by keyboard (both found by one search).
    const token = await e.apiToken()
    await e.app.inject({
      method: 'POST',
      url: '/api/points/',
      headers: { authorization: `JWT ${token}` },
      payload: { name: `Клавиатура Б ${stamp}`, point_number: `KB-${stamp}-2`, address: 'ул. Лесная, 2' },
    })

    const context = await e.newContext({ width: 768, height: 1024 })
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByRole('button', { name: 'Войти' }).waitFor()
    await tabTo(page, 'Логин', { tag: 'input' })
    await page.keyboard.type('admin')
    await tabTo(page, 'Пароль', { tag: 'input' })
    await page.keyboard.type('admin-password')
    await tabTo(page, 'Войти')
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Выход' }).waitFor()

    // The help menu of the header: opened with Enter, walked with the arrows, closed with Escape.
    await tabTo(page, 'Справка', { max: 10 })
    await page.keyboard.press('Enter')
    await page.getByRole('menu').waitFor()
    await page.keyboard.press('ArrowDown')
    // The menu keeps the focus and points at the item (aria-activedescendant).
    await page
      .getByRole('menuitem', { name: /^Версия/ })
      .and(page.locator('[data-highlighted]'))
      .waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'hidden' })
    // The focus comes back a moment after the menu has gone: on a loaded machine (CI) more than expect.poll's 1 s.
    await expect.poll(async () => (await focused(page))?.name, { timeout: 5000 }).toBe('Справка')

    // The side menu's entries, then the points list.
    await menuTo(page, 'Точки учёта', 'Точки учёта')
    // The drawer gives the focus back to the button that opened it.
    expect((await focused(page))?.name).toBe('Открыть меню')

    // The add form: fields in order, saved with Enter.
    await tabTo(page, 'Добавить')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Новая точка учёта' })
    await dialog.waitFor()
    await tabTo(page, 'Наименование', { tag: 'input' })
    await page.keyboard.type(`Клавиатура А ${stamp}`)
    await tabTo(page, 'Идентификатор точки учёта', { tag: 'input' })
    await page.keyboard.type(`KB-${stamp}-1`)
    await tabTo(page, 'Адрес', { tag: 'input' })
    await page.keyboard.type('ул. Лесная, 1')
    await tabTo(page, 'Сохранить')
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    expect((await focused(page))?.name).toBe('Добавить')
    await tabTo(page, 'Поиск', { back: true, tag: 'input' })
    await page.keyboard.type(`KB-${stamp}`)
    const table = page.getByRole('table', { name: 'Точки учёта' })
    // Only the two points (and the header row): the search has applied, the rows stay put while tabbing.
    const searched = () => expect.poll(() => table.getByRole('row').count(), { timeout: 15_000 }).toBe(3)
    await searched()
    await table.getByRole('link', { name: `Клавиатура А ${stamp}`, exact: true }).waitFor()

    // The point's screen: change a field and save.
    await tabTo(page, `Клавиатура А ${stamp}`, { tag: 'a' })
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: `Клавиатура А ${stamp}` }).waitFor()
    await tabTo(page, 'Адрес', { tag: 'input' })
    await retype(page, 'ул. Лесная, 11')
    await tabTo(page, 'Сохранить')
    await page.keyboard.press('Enter')
    await page.getByText('Изменения сохранены').first().waitFor()
    await expect
      .poll(
        async () =>
          (await e.app.inject({ method: 'GET', url: `/api/points/?search=KB-${stamp}-1`, headers: { authorization: `JWT ${token}` } })).json().results[0]
            ?.address,
      )
      .toBe('ул. Лесная, 11')

    // Back to the list; a delete asked and cancelled with Escape, another confirmed with Enter.
    await tabTo(page, 'Назад к списку точек учёта', { back: true })
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { level: 1, name: 'Точки учёта' }).waitFor()
    await tabTo(page, 'Поиск', { tag: 'input' })
    await retype(page, `KB-${stamp}`)
    await searched()
    await tabTo(page, `Удалить Клавиатура А ${stamp}`)
    await page.keyboard.press('Enter')
    const confirmation = page.getByRole('alertdialog')
    await confirmation.waitFor()
    expect((await focused(page))?.dialog).not.toBeNull()
    await page.keyboard.press('Escape')
    await confirmation.waitFor({ state: 'detached' })
    expect((await focused(page))?.name).toBe(`Удалить Клавиатура А ${stamp}`)
    await tabTo(page, `Удалить Клавиатура Б ${stamp}`)
    await page.keyboard.press('Enter')
    await confirmation.waitFor()
    await tabTo(page, 'Удалить')
    await page.keyboard.press('Enter')
    await confirmation.waitFor({ state: 'detached' })
    await table.getByRole('link', { name: `Клавиатура Б ${stamp}`, exact: true }).waitFor({ state: 'detached' })
    await table.getByRole('link', { name: `Клавиатура А ${stamp}`, exact: true }).waitFor()

    // The applications list and one application.
    await menuTo(page, /^Входящие заявки/, 'Входящие заявки')
    const rows = page.getByRole('table', { name: 'Входящие заявки' }).getByRole('row')
    await rows.nth(1).waitFor()
    // Below 1024 px the list is cards: a card, like a table row, opens its application with Enter.
    await tabTo(page, /^№ заявки/, { tag: 'div' })
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/documents-requests\/\d+$/)
    await page.getByRole('heading', { level: 1, name: /Заявка/ }).waitFor()
    await context.close()
  })
})
