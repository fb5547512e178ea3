import type { Page } from 'playwright-core'

/**
 * The page, or any box inside it (a table's scroll area), scrolls sideways: part of the screen is out of reach. The
 * page is measured against the device's width, not `innerWidth`: a mobile browser widens its layout viewport to a
 * page wider than the screen (and zooms out), so the tablet's page would always seem to fit.
 */
export function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const found: string[] = []
    const root = document.documentElement
    if (root.scrollWidth > width) found.push(`page ${root.scrollWidth} > ${width}`)
    // A balance grid has a column per point of its object: it may scroll inside its box, its time column sticky.
    for (const el of document.querySelectorAll('main *:not([data-wide-grid])')) {
      const overflow = getComputedStyle(el).overflowX
      if ((overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        found.push(`${el.getAttribute('aria-label') ?? el.tagName.toLowerCase()} ${el.scrollWidth} > ${el.clientWidth}`)
      }
    }
    return found
  }, page.viewportSize()!.width)
}
