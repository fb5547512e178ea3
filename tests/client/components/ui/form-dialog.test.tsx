import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import * as v from 'valibot'
import { T } from '../../../../src/shared/texts'
import { TextField } from '../../../../src/client/components/ui/fields'
import { SaveDialog } from '../../../../src/client/components/ui/form-dialog'
import { useForm } from '../../../../src/client/components/ui/use-form'
import { renderInApp } from '../../render-in-app'

const schema = v.object({ last_name: v.pipe(v.string(), v.minLength(1, T.required)) })

/** A dialog that saves one field, opened again by a button once closed. */
function Harness({ save }: { save: (input: { last_name: string }) => Promise<unknown> }) {
  const [open, setOpen] = useState(true)
  const form = useForm(schema, { last_name: '' })
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      <SaveDialog open={open} title="Новый абонент" form={form} save={save} onClose={() => setOpen(false)}>
        <TextField label="Фамилия" required {...form.field('last_name')} />
      </SaveDialog>
    </>
  )
}

const formDialog = () => screen.findByRole('dialog', { name: 'Новый абонент' })

describe('a form dialog with unsaved input', () => {
  it('asks before Escape throws the typed text away, and keeps it when told to stay', async () => {
    renderInApp(<Harness save={vi.fn()} />)
    await userEvent.type(within(await formDialog()).getByLabelText(/Фамилия/), 'Иванов')
    await userEvent.keyboard('{Escape}')

    const question = await screen.findByRole('alertdialog')
    expect(within(question).getByText(T.closeUnsaved)).toBeInTheDocument()
    await userEvent.click(within(question).getByRole('button', { name: T.stay }))

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(within(await formDialog()).getByLabelText(/Фамилия/)).toHaveValue('Иванов')
  })

  it('asks before «Отмена» too, and closes once the user chooses to leave', async () => {
    renderInApp(<Harness save={vi.fn()} />)
    await userEvent.type(within(await formDialog()).getByLabelText(/Фамилия/), 'Иванов')
    await userEvent.click(within(await formDialog()).getByRole('button', { name: T.cancel }))

    const question = await screen.findByRole('alertdialog')
    await userEvent.click(within(question).getByRole('button', { name: T.closeWithoutSaving }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новый абонент' })).not.toBeInTheDocument())
    // Opened again, the form is as it started.
    await userEvent.click(screen.getByRole('button', { name: 'Открыть' }))
    expect(within(await formDialog()).getByLabelText(/Фамилия/)).toHaveValue('')
  })

  it('closes an untouched dialog on Escape without a question', async () => {
    renderInApp(<Harness save={vi.fn()} />)
    await formDialog()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Новый абонент' })).not.toBeInTheDocument())
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })
})
