import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { T } from '../../../../src/shared/texts'
import { ColumnsDialog } from '../../../../src/client/features/requests/components/columns-dialog'
import { renderInApp } from '../../render-in-app'

const COLUMNS = [
  { key: 'number', header: 'Номер' },
  { key: 'status', header: 'Статус' },
  { key: 'author', header: 'Автор' },
]

const dialog = () => screen.findByRole('dialog', { name: 'Столбцы таблицы' })

describe('the columns dialog', () => {
  it('asks before Escape throws a changed choice away', async () => {
    const onClose = vi.fn()
    renderInApp(<ColumnsDialog open columns={COLUMNS} visible={['number', 'status']} onClose={onClose} onSave={vi.fn()} />)
    await userEvent.click(within(await dialog()).getByText('Автор'))
    await userEvent.keyboard('{Escape}')

    const question = await screen.findByRole('alertdialog')
    expect(within(question).getByText(T.closeUnsaved)).toBeInTheDocument()
    await userEvent.click(within(question).getByRole('button', { name: T.stay }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(onClose).not.toHaveBeenCalled()
  })

  it('closes at once when the choice is back to what it was opened with', async () => {
    const onClose = vi.fn()
    renderInApp(<ColumnsDialog open columns={COLUMNS} visible={['number', 'status']} onClose={onClose} onSave={vi.fn()} />)
    await userEvent.click(within(await dialog()).getByText('Статус'))
    await userEvent.click(within(await dialog()).getByText('Статус'))
    await userEvent.keyboard('{Escape}')

    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })
})
