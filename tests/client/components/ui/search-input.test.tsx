import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SearchInput } from '../../../../src/client/components/ui/search-input'
import { renderInApp } from '../../render-in-app'

// Probe: an empty list says «Очистите поиск», and on a tablet that meant selecting the text and deleting it.
describe('a search box', () => {
  it('clears its text with one touch, reports it at once and keeps the focus for the next search', async () => {
    const onChange = vi.fn()
    renderInApp(<SearchInput value="ТП-999" onChange={onChange} />)
    const box = screen.getByRole('searchbox', { name: 'Поиск' })
    await userEvent.click(screen.getByRole('button', { name: 'Очистить поиск' }))
    expect(box).toHaveValue('')
    expect(onChange).toHaveBeenCalledWith('')
    expect(box).toHaveFocus()
    expect(screen.queryByRole('button', { name: 'Очистить поиск' })).toBeNull()
  })

  it('offers no clearing while empty', () => {
    renderInApp(<SearchInput value="" onChange={() => {}} />)
    expect(screen.queryByRole('button', { name: 'Очистить поиск' })).toBeNull()
  })
})
