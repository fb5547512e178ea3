import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { MENU } from '../../src/client/components/layout/menu'
import { startE2E, type E2E } from './harness'

// Evaluated through the debugging protocol: the console's CSP rightly refuses an injected script tag.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

let e: E2E
beforeAll(async () => {
  e = await startE2E({ demo: true })
})
afterAll(() => e?.close())

type Violation = { id: string; impact: string; help: string; nodes: { target: string[]; html: string }[] }

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations
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

/**
 * At tablet width the page as a whole never scrolls sideways (a wide table scrolls inside its own box), and the
 * controls of the header, the side menu and the screen's toolbars are at least 24×24 CSS px (WCAG 2.2, 2.5.8).
 */
async function tabletProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const describe = (el: Element) => {
      const classes = el.className && typeof el.className === 'string' ? ` class="${el.className.slice(0, 60)}"` : ''
      return `<${el.tagName.toLowerCase()}${classes}> ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`
    }
    const width = window.innerWidth
    if (document.documentElement.scrollWidth > width) {
      // The outermost elements that stick out name the culprit.
      const out = [...document.body.querySelectorAll('*')].filter(
        (el) => el.getBoundingClientRect().right > width + 1 && !(el.parentElement && el.parentElement.getBoundingClientRect().right > width + 1),
      )
      problems.push(`scrolls sideways: ${document.documentElement.scrollWidth} > ${width}: ${out.slice(0, 3).map(describe).join(' | ')}`)
    }
    const targets = document.querySelectorAll(
      'header :is(a, button), nav :is(a, button), main :is(button, a[role=button], [role=toolbar] a, [data-part=trigger])',
    )
    for (const el of targets) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue
      const box = el.getBoundingClientRect()
      if (box.width < 23.5 || box.height < 23.5) problems.push(`small target ${Math.round(box.width)}×${Math.round(box.height)}: ${describe(el)}`)
    }
    return problems
  })
}

/** Every screen of the side menu, plus the screens a person reaches from them. */
const SCREENS = [
  '/login',
  '/',
  ...MENU.flatMap((section) => section.items.map((item) => item.to)),
  '/release-notes',
  '/points/1/edit',
  '/points/1/counters',
  '/points/1/scheduler',
  '/points/1/consumption',
  '/points/1/phase',
  '/points/1/profile',
  '/points/1/point_counters_data',
  '/represents/1',
  '/represent/new',
  '/documents-requests/1',
  '/counters_models_api?resource_type=1',
  '/outbox',
]

describe('accessibility of every screen (axe-core: no serious or critical violation; at tablet width no sideways scroll, targets of 24 px)', () => {
  it('passes at tablet width', async () => {
    const context = await e.newContext({ width: 768, height: 1024 })
    const page = await context.newPage()
    const found: string[] = []
    await page.goto('/login')
    await page.getByRole('button', { name: 'Войти' }).waitFor()
    found.push(...(await seriousViolations(page)).map((v) => `/login: ${v}`))
    await e.signIn(page)
    for (const path of SCREENS.filter((p) => p !== '/login')) {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      await page
        .getByRole('heading')
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined)
      found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`))
      found.push(...(await tabletProblems(page)).map((v) => `${path}: ${v}`))
      if (path === '/') {
        // Below the desktop width the side menu is a drawer: measure it open.
        await page.getByRole('button', { name: 'Открыть меню' }).click()
        await page.getByRole('dialog').getByRole('navigation').waitFor()
        found.push(...(await tabletProblems(page)).map((v) => `side menu: ${v}`))
        await page.keyboard.press('Escape')
        await page.getByRole('dialog').waitFor({ state: 'detached' })
      }
    }
    await context.close()
    expect(found).toEqual([])
  })
})
