import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { ChakraProvider } from '@chakra-ui/react'
import { appSystem } from '../../../../src/client/app/system'
import { DataCards } from '../../../../src/client/components/ui/data-cards'
import { EditAction } from '../../../../src/client/components/ui/row-actions'

// Found by a report-only UX probe: on a touch tablet the name links of the card lists (/points, /counters,
// /counters_models, /counters_models_api) were 19 px tall, «СГБ» 32×19 px, and they are the way into a model group.
// jsdom lays nothing out and applies no media query: the test reads the styles the cards put under (pointer: coarse).

/** Every style rule of the page, those inside layers and media rules too, with the media it holds under. */
function styleRules(): { media: string; rule: CSSStyleRule }[] {
  const found: { media: string; rule: CSSStyleRule }[] = []
  const walk = (rules: CSSRuleList, media: string) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule) found.push({ media, rule })
      else if (rule instanceof CSSMediaRule) walk(rule.cssRules, rule.media.mediaText)
      else if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules, media)
    }
  }
  for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules, '')
  return found
}

/** A length in px, a Chakra token (`var(--chakra-sizes-11)`) read from where the page defines it. */
function px(value: string): number {
  const token = /^var\((--[\w-]+)\)$/.exec(value.trim())?.[1]
  const text = token
    ? (styleRules()
        .map(({ rule }) => rule.style.getPropertyValue(token))
        .find(Boolean) ?? '')
    : value
  return text.trim().endsWith('rem') ? parseFloat(text) * 16 : parseFloat(text)
}

describe('a card list on a touch screen', () => {
  it('makes a card’s link at least 44 px high and wide, and leaves its row actions as they are', () => {
    render(
      <ChakraProvider value={appSystem()}>
        <DataCards
          label="Группы моделей"
          columns={[{ key: 'name', header: 'Наименование' }]}
          rows={[{ id: 1, name: 'СГБ' }]}
          rowKey={(row) => row.id}
          cell={(_, row) => <a href="/counters_models/1">{row.name}</a>}
          actions={(row) => <EditAction name={row.name} link={<a href={`/counters_models/${row.id}/edit`} />} />}
        />
      </ChakraProvider>,
    )
    const onTouch = (element: Element) =>
      styleRules()
        .filter(({ media, rule }) => media === '(pointer: coarse)' && element.matches(rule.selectorText))
        .map(({ rule }) => rule.style)
    const link = onTouch(screen.getByRole('link', { name: 'СГБ' }))
    const largest = (property: string) => Math.max(0, ...link.map((style) => px(style.getPropertyValue(property))).filter(Number.isFinite))
    expect(largest('min-height')).toBeGreaterThanOrEqual(44)
    expect(largest('min-width')).toBeGreaterThanOrEqual(44)
    expect(link.map((style) => style.getPropertyValue('display'))).toContain('inline-flex')
    // Its text stays on its label's line (the second UX probe: centred in 44 px, it sat 11 px below the label).
    expect(link.map((style) => style.getPropertyValue('align-items'))).toContain('flex-start')
    // A row action that is a link keeps the actions' own square size (ROW_ACTION_CSS).
    expect(onTouch(screen.getByRole('link', { name: 'Изменить СГБ' })).some((style) => style.getPropertyValue('display') === 'inline-flex')).toBe(false)
  })
})
