import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FILE_MAX_BYTES } from '../../../../src/shared/constants'
import { T } from '../../../../src/shared/texts'
import { ApiError } from '../../../../src/client/lib/api-client'
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

// A probe's closing documents: a refused file was told only in a banner that vanished, naming no file, and an 11 MB
// file was uploaded whole before the server refused it.
describe('the closing files dialog’s checks of the files', () => {
  const picker = async () => within(await dialog()).getByLabelText(/Файлы закрывающих документов/)
  const send = async () => userEvent.click(within(await dialog()).getByRole('button', { name: 'Отправить' }))
  // A user may switch the picker to «All files»; `accept` only steers it.
  const user = () => userEvent.setup({ applyAccept: false })

  it('offers only the kinds the server stores', async () => {
    renderInApp(<CloseFilesDialog open onClose={vi.fn()} onSubmit={vi.fn()} />)
    expect(await picker()).toHaveAttribute('accept', expect.stringContaining('.pdf'))
  })

  it('names a file of a kind the server refuses, on the field, and sends nothing', async () => {
    const onSubmit = vi.fn()
    renderInApp(<CloseFilesDialog open onClose={vi.fn()} onSubmit={onSubmit} />)
    await user().upload(await picker(), [new File(['акт'], 'акт.pdf'), new File(['MZ'], 'virus.exe')])
    await send()

    expect(within(await dialog()).getByText(T.uploadTypeNotAllowed('virus.exe'))).toBeInTheDocument()
    expect(await picker()).toHaveAttribute('aria-invalid', 'true')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('names a file over the limit and the limit', async () => {
    const onSubmit = vi.fn()
    renderInApp(<CloseFilesDialog open onClose={vi.fn()} onSubmit={onSubmit} />)
    const big = new File(['%PDF'], 'big.pdf')
    Object.defineProperty(big, 'size', { value: FILE_MAX_BYTES + 1 })
    await user().upload(await picker(), big)
    await send()

    expect(within(await dialog()).getByText(/«big\.pdf» больше 10 МБ/)).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('puts the server’s refusal of a file on the field', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new ApiError(400, { files_24: [T.fileEmpty] }, T.fileEmpty))
    renderInApp(<CloseFilesDialog open onClose={vi.fn()} onSubmit={onSubmit} />)
    await user().upload(await picker(), new File(['акт'], 'акт.pdf'))
    await send()

    expect(await within(await dialog()).findByText(T.fileEmpty)).toBeInTheDocument()
    expect(await picker()).toHaveAttribute('aria-invalid', 'true')
  })
})
