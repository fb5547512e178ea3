import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page, Request } from 'playwright-core'
import { T } from '../../src/shared/texts'
import { signInThroughForm, startE2E, type E2E } from './harness'
import { sidewaysScroll } from './sideways'

/**
 * Screens that fit the devices (issue 20, points 6-8 and 16): an engineer's tablet held upright (800×1280, touch)
 * and a control-room monitor (1366×768), and that axe-core finds accessible. One server and one browser for the whole
 * file; one context per device.
 */
let e: E2E
beforeAll(async () => {
  e = await startE2E({ demo: true })
  await addLongValues()
}, 60_000)

/**
 * Values as long as the forms allow, on the screens the walk visits (the first page of the points list, object 1 and
 * its tabs, its chart's legend): a point's name of 200 letters without a space, a point's number of 50 characters, an
 * object's name of 200 characters. A UX probe found them running past a card's edge and scrolling whole screens
 * sideways on both devices.
 */
async function addLongValues(): Promise<void> {
  const authorization = `JWT ${await e.apiToken()}`
  const post = async (path: string, body?: object) => {
    const headers: Record<string, string> = body ? { authorization, 'content-type': 'application/json' } : { authorization }
    const res = await fetch(`${e.baseUrl}${path}`, { method: 'POST', headers, body: body && JSON.stringify(body) })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    return (await res.json()) as Record<string, unknown>
  }
  // Names from «А»: the list's first page, sorted by name.
  const points = [
    { name: 'Автоматизированнаясистемаучётабезпробелов'.repeat(5).slice(0, 200), point_number: '35-LONG' },
    { name: 'Абонентский ввод с длинным номером', point_number: `35-${'9'.repeat(47)}` },
  ]
  for (const point of points) {
    const { point_id } = await post('/api/points/', { ...point, address: 'г. Вологда', remark: '', customer_id: null })
    await post(`/api/represents/1/add_point/?point_id=${point_id}`)
  }
  await post('/api/represents/', { name: 'Комплектная трансформаторная подстанция наружной установки номер сорок два '.repeat(3).slice(0, 200), parent_id: 1 })
}
afterAll(() => e?.close())

/** Every screen of the route tree (demo ids for its parameters), read from the generated tree rather than listed by hand. */
const ROUTES = [
  ...new Set(
    [...readFileSync('src/client/routeTree.gen.ts', 'utf8').matchAll(/fullPath: '([^']+)'/g)]
      .map((m) => m[1]!.replace(/\$\w+/g, '1').replace(/(.)\/$/, '$1'))
      .filter((route) => route !== '/login'),
  ),
]

const DEVICES = {
  tablet: { viewport: { width: 800, height: 1280 }, hasTouch: true, isMobile: true },
  monitor: { viewport: { width: 1366, height: 768 }, hasTouch: false, isMobile: false },
} as const

/**
 * The same device turned or other sizes of it: the tablet held sideways, a 1024 px tablet held sideways (the width at
 * which the side menu appears), a 1920 px control-room monitor.
 */
const TURNED = {
  tablet: [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ],
  monitor: [{ width: 1920, height: 1080 }],
} as const

/**
 * The frame after a resize: its media queries answered and what they switch (a list's cards or its table) rendered. A
 * fixed wait was often too short on a busy machine: the turned tablet's lists were measured as their cards.
 */
function nextFrame(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((rendered) => requestAnimationFrame(() => requestAnimationFrame(rendered))))
}

/** The screen's sideways scroll at the device's other sizes, then back. */
async function sidewaysScrollTurned(page: Page, device: keyof typeof DEVICES): Promise<string[]> {
  const found: string[] = []
  for (const size of TURNED[device]) {
    await page.setViewportSize(size)
    await nextFrame(page)
    found.push(...(await sidewaysScroll(page)).map((problem) => `at ${size.width} px: ${problem}`))
  }
  await page.setViewportSize(DEVICES[device].viewport)
  await nextFrame(page)
  return found
}

/**
 * The sign-in screen is one card on a grey page: it scrolls neither way. The browser's own 8 px margin around a page of
 * 100vh and the card's padding made it scroll 48 px at 1366×768, inside a white frame.
 */
async function scrolls(page: Page): Promise<string[]> {
  const size = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }))
  const viewport = page.viewportSize()!
  return size.height > viewport.height || size.width > viewport.width ? [`scrolls: ${size.width}×${size.height} in ${viewport.width}×${viewport.height}`] : []
}

/** A signed-in page on the device; `atLogin` looks at the sign-in screen first. */
async function open(device: keyof typeof DEVICES, atLogin?: (page: Page) => Promise<void>): Promise<Page> {
  const context = await e.browser.newContext({ ...DEVICES[device], baseURL: e.baseUrl, locale: 'ru-RU', timezoneId: 'Europe/Moscow' })
  const page = await context.newPage()
  if (atLogin) {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Войти' }).waitFor()
    await atLogin(page)
  }
  await signInThroughForm(page)
  return page
}

async function visit(page: Page, route: string): Promise<void> {
  await page.goto(route)
  // The shell first, then the screen's data.
  await page.locator('main').waitFor()
  await page.waitForLoadState('networkidle')
  await loaded(page)
}

/** Nothing on the screen says it is still loading: neither the router's pending screen nor a spinner. */
function loaded(page: Page): Promise<unknown> {
  return page.waitForFunction((label) => document.querySelector(`main .route-pending, main [role=status][aria-label="${label}"]`) === null, T.loading)
}

/** Runs `act`, then waits until none of the page's requests has been in flight for `ms`. */
async function quietAfter(page: Page, ms: number, act: () => Promise<unknown> = async () => undefined): Promise<void> {
  const inFlight = new Set<Request>()
  const started = (request: Request) => void inFlight.add(request)
  const ended = (request: Request) => void inFlight.delete(request)
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    await act()
    for (let quietSince = Date.now(); Date.now() - quietSince < ms;) {
      await page.waitForTimeout(50)
      if (inFlight.size > 0) quietSince = Date.now()
    }
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
  }
}

/**
 * The next screen of a walk through the console's own router (it follows `history.pushState`), as a user's link does:
 * a full load would start the console again for each screen, and that start is most of a walk's time. Then the
 * screen's code and data, until the network has been quiet for half a second (`networkidle` waits only after a load).
 */
async function walkTo(page: Page, route: string): Promise<void> {
  if (!page.url().startsWith(e.baseUrl)) return visit(page, route)
  await quietAfter(page, 500, () => page.evaluate((to) => history.pushState(null, '', to), route))
  await page.locator('main').waitFor()
  await loaded(page)
}

/** Names given to a screen reader in English (a library's default label left as it is). */
function englishLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...new Set([...document.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label')!))]
      // A label that starts in English is the library's: the product's start in Russian, whatever data they name.
      .filter((label) => /^[A-Za-z]{4,}/.test(label))
      .map((label) => `English label «${label}»`),
  )
}

/**
 * Words of `cells` (the matches of `word`, a regular expression's source) that the browser broke across lines: each
 * word's text range laid out on more than one line.
 */
function wordsBrokenIn(page: Page, cells: string, word: string): Promise<string[]> {
  return page.evaluate(
    ({ cells, word }) => {
      const found = new Set<string>()
      for (const cell of document.querySelectorAll(cells)) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          for (const match of node.textContent!.matchAll(new RegExp(word, 'g'))) {
            const range = document.createRange()
            range.setStart(node, match.index)
            range.setEnd(node, match.index + match[0].length)
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
            if (lines.size > 1) found.add(match[0])
          }
        }
      }
      return [...found].slice(0, 5)
    },
    { cells, word },
  )
}

/**
 * Table cells that break a short word of a value (a date, a number, a name) across lines, as «28.11.2 026»: a value's
 * word that fits its column is never cut. A longer word (a name without spaces) may be.
 */
async function brokenWords(page: Page): Promise<string[]> {
  return (await wordsBrokenIn(page, 'main table td', '(?<!\\S)\\S{2,16}(?!\\S)')).map((word) => `word broken «${word}»`)
}

/**
 * Column headers cut inside a word, as «Расписан|ие»: a header wraps only between words (or after a hyphen or a
 * slash), whatever its length.
 */
async function brokenHeaders(page: Page): Promise<string[]> {
  return (await wordsBrokenIn(page, 'main th', '[^\\s/-]{2,}')).map((word) => `header word broken «${word}»`)
}

/**
 * Texts a field shows cut at its edge: an empty field's placeholder, a select's chosen option. Chromium's `scrollWidth`
 * of an empty input leaves its placeholder out, so the placeholder is put in as the value for the measure (no event:
 * the screen does not see it) and taken out again; a select's text is measured in its font against its content box.
 */
function cutFieldTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    for (const input of document.querySelectorAll<HTMLInputElement>('main input:placeholder-shown')) {
      if (!input.checkVisibility()) continue
      input.value = input.placeholder
      if (input.scrollWidth > input.clientWidth) found.push(`placeholder cut «${input.placeholder}» ${input.scrollWidth} > ${input.clientWidth}`)
      input.value = ''
    }
    const canvas = document.createElement('canvas').getContext('2d')!
    for (const select of document.querySelectorAll<HTMLSelectElement>('main select')) {
      if (!select.checkVisibility()) continue
      // A disabled SelectField shows its text wrapped in a copy over the select, which cannot be cut.
      if (select.matches(':disabled') && select.nextElementSibling?.hasAttribute('data-chosen')) continue
      const style = getComputedStyle(select)
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
      const text = select.selectedOptions[0]?.text ?? ''
      const width = Math.ceil(canvas.measureText(text).width)
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      if (width > room) found.push(`select cut «${text}» ${width} > ${room}`)
    }
    return found
  })
}

// Evaluated through the debugging protocol: the console's CSP rightly refuses an injected script tag.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type Violation = { id: string; impact: string; help: string; nodes: { html: string }[] }

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Once a page: the walk's next screens stay in the same document.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe
    return (await axe.run(document, { resultTypes: ['violations'] })).violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.html.slice(0, 160))
          .join(' | ')}`,
    )
}

/** Below the desktop width the side menu is a drawer: its items' size, measured open. */
async function drawerProblems(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Открыть меню' }).click()
  await page.getByRole('dialog').getByRole('navigation').waitFor()
  const found = await smallTargets(page)
  await closeDialog(page)
  return found.map((problem) => `side menu: ${problem}`)
}

/** Controls under 44×44 px (inline links in running text excepted, as WCAG 2.5.5 does; a checkbox by its whole label). */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const targets = document.querySelectorAll(
      'header :is(a, button), nav :is(a, button, [role=treeitem]), main :is(a, button, select, [role=tab], [role=treeitem], input, textarea), ' +
        'main :is([data-scope=checkbox], [data-scope=switch])[data-part=root]',
    )
    for (const el of targets) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue
      // A checkbox's or a switch's own input is hidden inside its label, which is the target.
      if (el.closest('[data-scope=checkbox], [data-scope=switch]') && el.tagName === 'INPUT') continue
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') continue
      const box = el.getBoundingClientRect()
      if (box.width < 43.5 || box.height < 43.5) {
        found.push(`${Math.round(box.width)}×${Math.round(box.height)} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`)
      }
    }
    return found
  })
}

/** The dialog open now shows its primary (last footer) button inside the viewport, without scrolling the page. */
async function primaryButtonOutside(page: Page, name: string): Promise<string[]> {
  const dialog = page.getByRole('dialog').last()
  await dialog.waitFor()
  await page.waitForLoadState('networkidle')
  const primary = dialog.locator('.chakra-dialog__footer button').last()
  const box = await primary.boundingBox()
  const viewport = page.viewportSize()!
  const inside = box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width
  return inside ? [] : [`${name}: primary button at ${JSON.stringify(box)}`]
}

/** Closed by its close button: a tab in the background may not have its Escape handler yet (keyboard.test has Escape). */
async function closeDialog(page: Page): Promise<void> {
  await page.getByRole('dialog').last().getByRole('button', { name: 'Закрыть' }).click()
  await page.getByRole('dialog').waitFor({ state: 'detached' })
}

/** Every dialog a screen opens from its toolbar («Добавить», «Создать точку», «Установить счётчик»...). */
async function toolbarDialogs(page: Page, route: string): Promise<string[]> {
  const found: string[] = []
  const openers = page.locator('main').getByRole('button', { name: /^(Добавить|Создать|Установить)/ })
  for (let i = 0; i < (await openers.count()); i++) {
    const opener = openers.nth(i)
    if (!(await opener.isVisible()) || !(await opener.isEnabled())) continue
    const name = (await opener.textContent())?.trim()
    await opener.click()
    if (
      !(await page
        .getByRole('dialog')
        .waitFor({ timeout: 2000 })
        .then(
          () => true,
          () => false,
        ))
    ) {
      await visit(page, route)
      continue
    }
    found.push(...(await primaryButtonOutside(page, `«${name}»`)))
    await closeDialog(page)
  }
  return found
}

/** The dialogs the issue names: connection parameters, the wizard's step 2 and the new-subscriber form. */
async function namedDialogs(page: Page): Promise<string[]> {
  const found: string[] = []
  await visit(page, '/points/1/counters')
  await page
    .getByRole('button', { name: /^Параметры подключения/ })
    .first()
    .click()
  found.push(...(await primaryButtonOutside(page, 'connection parameters')))
  await closeDialog(page)

  // Step 2 of the wizard on a point without a meter.
  await visit(page, '/points?ordering=has_counter')
  await page.locator('main a[aria-label^="Счётчики "]').first().click()
  await page.getByRole('button', { name: 'Установить счётчик' }).click()
  const wizard = page.getByRole('dialog')
  await wizard.getByLabel('Модель счётчика').selectOption({ index: 1 })
  await wizard.getByRole('button', { name: 'Далее' }).click()
  await wizard.locator('[aria-current=step]', { hasText: 'Параметры подключения' }).waitFor()
  found.push(...(await primaryButtonOutside(page, 'wizard step 2')))
  await closeDialog(page)

  await visit(page, '/customers')
  await page
    .locator('main')
    .getByRole('button', { name: /^Добавить/ })
    .first()
    .click()
  found.push(...(await primaryButtonOutside(page, 'new subscriber')))
  await closeDialog(page)
  return found
}

/**
 * A screen's own tabs that are not routes of their own (the object's «Таблица», «Точки учёта»...), each opened and
 * measured as its screen is.
 */
async function ownTabs(page: Page, check: (label: string) => Promise<string[]>): Promise<string[]> {
  const found: string[] = []
  const tabs = page.locator('main [role=tab]')
  for (let i = 0; i < (await tabs.count()); i++) {
    const tab = tabs.nth(i)
    const label = (await tab.textContent())!.trim()
    await quietAfter(page, 500, () => tab.click())
    await loaded(page)
    found.push(...(await check(label)).map((problem) => `tab «${label}»: ${problem}`))
  }
  return found
}

/** The routes shared out among a few tabs of the page's context: most of a screen's time is spent waiting. */
async function inTabs(page: Page, tabCount: number, check: (tab: Page, route: string) => Promise<string[]>): Promise<string[]> {
  const tabs = [page, ...(await Promise.all(Array.from({ length: tabCount - 1 }, () => page.context().newPage())))]
  const queue = [...ROUTES]
  const found: string[] = []
  await Promise.all(
    tabs.map(async (tab) => {
      for (let route = queue.shift(); route !== undefined; route = queue.shift()) found.push(...(await check(tab, route)))
    }),
  )
  await Promise.all(tabs.slice(1).map((tab) => tab.close()))
  return found
}

describe.each(Object.keys(DEVICES) as (keyof typeof DEVICES)[])('screens fit the %s', (device) => {
  it('no sideways scroll, header word or field text cut, every dialog shows its primary button, targets are 44 px, axe finds nothing serious', async () => {
    const found: string[] = []
    // axe's rules do not depend on the width: the tablet's walk runs them.
    const page = await open(device, async (login) => {
      found.push(...(await scrolls(login)).map((v) => `/login: ${v}`))
      if (device === 'tablet') found.push(...(await seriousViolations(login)).map((v) => `/login: ${v}`))
    })
    found.push(
      ...(await inTabs(page, 4, async (tab, route) => {
        await walkTo(tab, route)
        const atDevice = async () => [...(await sidewaysScroll(tab)), ...(await brokenHeaders(tab)), ...(await cutFieldTexts(tab))]
        const problems = [...(await atDevice()), ...(await sidewaysScrollTurned(tab, device))]
        if (route.startsWith('/represents/')) problems.push(...(await ownTabs(tab, atDevice)))
        if (device === 'tablet') {
          problems.push(
            ...(await smallTargets(tab)).slice(0, 5).map((problem) => `small target ${problem}`),
            ...(await seriousViolations(tab)),
            ...(await englishLabels(tab)),
          )
          if (route === '/') problems.push(...(await drawerProblems(tab)))
        }
        // The monitor's 768 px are the lower screen: a dialog that fits there fits the upright tablet.
        if (device === 'monitor') problems.push(...(await brokenWords(tab)), ...(await toolbarDialogs(tab, route)))
        return problems.map((problem) => `${route}: ${problem}`)
      })),
    )
    found.push(...(await namedDialogs(page)))
    await page.context().close()
    expect(found).toEqual([])
  }, 240_000)
})

/**
 * An edit of the signed-in user waiting for their decision and one of another user, as the device's outbox holds them
 * (`offline/types.ts`); the page reads them on its next load.
 */
async function editsWaiting(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const me = Number(JSON.parse(atob(localStorage.getItem('token')!.split('.')[1]!)).sub)
    const entry = (seq: number, author: number, status: string) => ({
      seq,
      mutationId: `01J0000000000000000000000${seq}`,
      author,
      authorName: 'Пётр Смирнов',
      entity: 'point',
      op: 'update',
      entityId: 1,
      patch: { remark: 'щит в подвале' },
      baseVersion: 1,
      base: null,
      createdAt: Date.now(),
      attempts: 0,
      nextAttemptAt: 0,
      status,
      lastError: null,
      serverRow: null,
    })
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('metering-console')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const written = db.transaction('outbox', 'readwrite')
    written.objectStore('outbox').put(entry(1, me + 1000, 'pending'))
    written.objectStore('outbox').put(entry(2, me, 'conflict'))
    await new Promise((resolve) => (written.oncomplete = resolve))
    db.close()
  })
}

// Field probe: with the user's edit and another user's waiting, the tablet's header ran to 1069 px, «Выход» off screen.
describe('the header on the tablet with edits waiting', () => {
  it('keeps every control on the screen, «Выход» too', async () => {
    const page = await open('tablet')
    await editsWaiting(page)
    await page.reload()
    await page.getByRole('link', { name: /Изменения других пользователей: 1/ }).waitFor()
    await page.getByRole('link', { name: /Ожидают отправки: 1/ }).waitFor()
    expect(await sidewaysScroll(page)).toEqual([])
    const exit = await page.getByRole('button', { name: 'Выход' }).boundingBox()
    expect(exit!.x + exit!.width).toBeLessThanOrEqual(DEVICES.tablet.viewport.width)
    await page.context().close()
  }, 60_000)
})

// UX probe: a point's name of 200 letters without a space ran the chart's legend, and its tooltip, off the screen.
describe('an object’s chart with a long point name', () => {
  it('keeps its tooltip inside the plot on the tablet, at the left and at the right', async () => {
    const page = await open('tablet')
    await visit(page, '/represents/1?tab=chart&interval=30')
    const plot = page.locator('main [role=group][aria-describedby]').first()
    const box = (await plot.boundingBox())!
    for (const x of [0.3, 0.7]) {
      await page.mouse.move(box.x + box.width * x, box.y + box.height / 2)
      const tooltip = page.getByRole('tooltip')
      await tooltip.waitFor()
      const tip = (await tooltip.boundingBox())!
      expect(tip.x, `at ${x}`).toBeGreaterThanOrEqual(box.x)
      expect(tip.x + tip.width, `at ${x}`).toBeLessThanOrEqual(box.x + box.width)
      expect(await sidewaysScroll(page)).toEqual([])
    }
    await page.context().close()
  })
})

// UX probe: the typed refresh period's help text below it lifted its input 38 px above the two lists beside it.
describe('monitoring’s filters on the tablet', () => {
  it('put their controls on one line, whatever help text one has', async () => {
    const page = await open('tablet')
    await visit(page, '/monitoring')
    const tops = await Promise.all(
      ['Последних опросов', 'Обновление, с', 'Своё значение, с'].map(async (label) => Math.round((await page.getByLabel(label).boundingBox())!.y)),
    )
    expect(new Set(tops).size, `tops ${tops.join(', ')}`).toBe(1)
    await page.context().close()
  })
})

describe('keyboard', () => {
  it('the first Tab reaches a skip link that moves focus to the screen content', async () => {
    const page = await open('monitor')
    await visit(page, '/points')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Перейти к содержимому' })
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true)
    await page.context().close()
  })
})

describe('the monitor shows the columns that matter at 1366 px', () => {
  it('monitoring shows the error and the actions («Скрыть на час»), applications the review deadline', async () => {
    const page = await open('monitor')
    await visit(page, '/monitoring')
    for (const name of ['Ошибка', 'Действия']) {
      const header = page.getByRole('columnheader', { name })
      expect(await header.isVisible()).toBe(true)
      expect((await header.boundingBox())!.x + (await header.boundingBox())!.width).toBeLessThanOrEqual(1366)
    }
    await visit(page, '/documents-requests')
    const deadline = page.getByRole('columnheader', { name: 'Срок рассмотрения' })
    expect(await deadline.isVisible()).toBe(true)
    expect((await deadline.boundingBox())!.x + (await deadline.boundingBox())!.width).toBeLessThanOrEqual(1366)
    await page.context().close()
  })
})

/**
 * Issue 20 point 2 on every screen: when the server fails the screen's data (500), the screen says so in Russian and
 * never shows its empty-state text as if there were nothing. The shell's own requests, learnt on a screen without
 * data, keep working.
 */
const EMPTY_TEXTS = [T.empty, T.noCustomers, T.noModels, T.noPoints, T.noRepresentPoints, T.noFailedTasks, T.noPhaseData, T.noValues]
const apiPath = (url: string) => new URL(url).pathname

describe('a screen whose data fail to load', () => {
  it('says so in Russian and never shows its empty text', async () => {
    // The service worker's own requests would pass around the failing routes.
    const context = await e.browser.newContext({
      baseURL: e.baseUrl,
      viewport: { width: 1366, height: 768 },
      locale: 'ru-RU',
      timezoneId: 'Europe/Moscow',
      serviceWorkers: 'block',
    })
    const page = await context.newPage()
    await signInThroughForm(page)
    // The signed-in user is asked for by the shell, and the shell's failure is another matter (the sign-in screen).
    const shell = new Set<string>(['/api/users/me/'])
    page.on('request', (request) => {
      if (request.url().includes('/api/')) shell.add(apiPath(request.url()))
    })
    // Some of the shell's requests wait on others' answers and on the device's database (the side tree's health,
    // the mirror's round): on a busy machine they come after half a second of quiet, so learn them over a longer one.
    await quietAfter(page, 2_500, () => page.goto('/release-notes'))
    page.removeAllListeners('request')

    await page.context().route('**/api/**', (route) => {
      const path = apiPath(route.request().url())
      if (route.request().method() !== 'GET' || shell.has(path)) return route.continue()
      return route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' })
    })
    const check = async (tab: Page, route: string): Promise<string | null> => {
      const failed = new Set<string>()
      const track = (request: { url: () => string }) => {
        const path = request.url().includes('/api/') ? apiPath(request.url()) : null
        if (path && !shell.has(path)) failed.add(path)
      }
      // The last screen's requests are over: its alert may show while another of its requests waits to be retried.
      await quietAfter(tab, 2_500)
      tab.on('request', track)
      await walkTo(tab, route)
      const main = tab.locator('main')
      // Server failures are retried twice, a second and then two apart, before a screen gives up; a busy machine
      // takes longer to show it.
      if (failed.size > 0)
        await main
          .getByRole('alert')
          .first()
          .waitFor({ timeout: 20_000 })
          .catch(() => undefined)
      tab.off('request', track)
      const alerts = await main.getByRole('alert').count()
      // A screen may show, without asking again, what an earlier screen of the walk failed to load: its alert says so.
      if (failed.size === 0 && alerts === 0) return null
      const shown = (await main.innerText()).trim()
      const empties = EMPTY_TEXTS.filter((text) => shown.includes(text))
      if (empties.length === 0 && alerts > 0 && !shown.includes('Internal Server Error')) return null
      return `${route}: ${alerts} alerts, empty texts [${empties.join('; ')}], failed ${[...failed].join(', ')}`
    }
    // Most of a screen's time here is the retries' waits, not the CPU: eight tabs share them.
    const wrong = await inTabs(page, 8, async (tab, route) => {
      const problem = await check(tab, route)
      return problem ? [problem] : []
    })
    await context.close()
    expect(wrong, wrong.join('; ')).toEqual([])
  }, 240_000)
})
