import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { T } from '../../../../src/shared/texts'
import { CloseFilesDialog } from '../../../../src/client/features/requests/components/close-files-dialog'
import { renderInApp } from '../../render-in-app'

const dialog = () => screen.findByRole('dialog', { name: 'Закрывающие документы' })

describe('the closing files dialog', () => {
  it('asks before «Отмена» drops the chosen files', async () => {
    const onClose = vi.fn()
    renderInApp(<CloseFilesDialog open onClose={onClose} onSubmit={vi.fn()} />)
    const picker = within(await dialog()).getByLabelText(/Файлы закрывающих документов/)
    await userEvent.upload(picker, new File(['акт'], 'акт.pdf', { type: 'application/pdf' }))
    await userEvent.click(within(await dialog()).getByRole('button', { name: T.cancel }))

    const question = await screen.findByRole('alertdialog')
    expect(within(question).getByText(T.closeUnsaved)).toBeInTheDocument()
    await userEvent.click(within(question).getByRole('button', { name: T.closeWithoutSaving }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
  })

  it('closes at once on Escape while no file is chosen', async () => {
    const onClose = vi.fn()
    renderInApp(<CloseFilesDialog open onClose={onClose} onSubmit={vi.fn()} />)
    await dialog()
    await userEvent.keyboard('{Escape}')

    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })
})
