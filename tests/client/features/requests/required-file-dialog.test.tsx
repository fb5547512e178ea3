import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RequiredFileDialog } from '../../../../src/client/features/requests/components/required-file-dialog'
import { FILE_MAX_BYTES } from '../../../../src/shared/constants'
import { T } from '../../../../src/shared/texts'
import { renderInApp } from '../../render-in-app'
import { json } from '../../app-routes'

// A new required file is saved, then its sample uploaded: a refused upload left the record saved while the dialog
// still offered to add it, and pressing «Добавить» again made a second record of the same name.

const saved = { doc_required_file_id: 30, doc_required_file_name: 'Акт сверки показаний', short_file_name: 'Акт сверки', doc_required_file_example: null }
let sent: { method: string; path: string; multipart: boolean }[]
let refuseUpload: boolean

beforeEach(() => {
  sent = []
  refuseUpload = true
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      sent.push({ method, path, multipart: init?.body instanceof FormData })
      if (method === 'POST') return json(saved, 201)
      if (init?.body instanceof FormData && refuseUpload) return json({ files: [T.fileEmpty] }, 400)
      const example = { file_name: 'f.pdf', real_file_name: 'акт.pdf' }
      return json({ ...saved, doc_required_file_example: init?.body instanceof FormData ? example : null })
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

const pdf = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' })

describe('a new required file whose sample the server refuses', () => {
  it('goes on editing the record it saved: the retry uploads to it and creates nothing more', async () => {
    const user = userEvent.setup()
    const onDone = vi.fn()
    renderInApp(<RequiredFileDialog file={null} onClose={() => {}} onDone={onDone} />)
    await user.type(await screen.findByLabelText(/Наименование документа/), saved.doc_required_file_name)
    await user.type(screen.getByLabelText(/Краткое наименование/), saved.short_file_name)
    await user.upload(screen.getByLabelText(/Образец/), pdf('пустой.pdf'))
    await user.click(screen.getByRole('button', { name: T.add }))
    expect(await screen.findByText(T.fileEmpty)).toBeInTheDocument()

    refuseUpload = false
    await user.upload(screen.getByLabelText(/Образец/), pdf('акт.pdf'))
    await user.click(screen.getByRole('button', { name: new RegExp(`^(${T.add}|${T.save})$`) }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1)
    expect(sent.filter((r) => r.multipart).map((r) => r.path)).toEqual(['/api/document_required_file/30/', '/api/document_required_file/30/'])
  })

  it('has the list refreshed when closed after the record was saved', async () => {
    const user = userEvent.setup()
    const onDone = vi.fn()
    const onClose = vi.fn()
    renderInApp(<RequiredFileDialog file={null} onClose={onClose} onDone={onDone} />)
    await user.type(await screen.findByLabelText(/Наименование документа/), saved.doc_required_file_name)
    await user.type(screen.getByLabelText(/Краткое наименование/), saved.short_file_name)
    await user.upload(screen.getByLabelText(/Образец/), pdf('пустой.pdf'))
    await user.click(screen.getByRole('button', { name: T.add }))
    await screen.findByText(T.fileEmpty)

    await user.keyboard('{Escape}')
    // The names are saved, so nothing is left to lose; the old dialog asked first.
    const asked = await waitFor(() => {
      const question = screen.queryByRole('alertdialog')
      if (!question) expect(onClose).toHaveBeenCalled()
      return question
    })
    if (asked) await user.click(within(asked).getByRole('button', { name: T.closeWithoutSaving }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(onDone).toHaveBeenCalled()
  })
})

describe('a sample the server would refuse', () => {
  it('is named on the field with the limit as soon as it is chosen, and nothing is sent', async () => {
    // A user may switch the picker to «All files»; `accept` only steers it.
    const user = userEvent.setup({ applyAccept: false })
    renderInApp(<RequiredFileDialog file={null} onClose={() => {}} onDone={() => {}} />)
    await user.type(await screen.findByLabelText(/Наименование документа/), saved.doc_required_file_name)
    await user.type(screen.getByLabelText(/Краткое наименование/), saved.short_file_name)
    const sample = screen.getByLabelText(/Образец/)
    expect(sample).toHaveAttribute('accept', expect.stringContaining('.docx'))
    const big = pdf('big.pdf')
    Object.defineProperty(big, 'size', { value: FILE_MAX_BYTES + 1 })
    await user.upload(sample, big)
    expect(await screen.findByText(T.uploadTooLarge('big.pdf', 10))).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: T.add }))
    expect(screen.getByText(T.uploadTooLarge('big.pdf', 10))).toBeInTheDocument()
    await user.upload(sample, new File(['MZ'], 'virus.exe'))
    expect(await screen.findByText(T.uploadTypeNotAllowed('virus.exe'))).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: T.add }))
    expect(sent).toEqual([])
  })
})
