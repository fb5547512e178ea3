import { afterEach, describe, expect, it } from 'vitest'
import { notify, toaster } from '../../../../src/client/components/ui/notify'

afterEach(() => toaster.remove())

// Found from the user's side: two quick saves stacked two «Изменения сохранены» over the page's title, and the banners
// stood over the header, hiding «В сети» / «Нет связи», the state that matters in a substation.
describe('the banners', () => {
  it('show a message said again once, and an error apart from a success', () => {
    notify.success('Изменения сохранены')
    notify.success('Изменения сохранены')
    notify.error('Изменения сохранены')
    expect(toaster.getVisibleToasts()).toHaveLength(2)
  })

  it('stand below the 56 px header, not over it', () => {
    expect(toaster.attrs.offsets).toMatchObject({ top: '64px' })
  })
})
