import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { T } from '../../../../src/shared/texts'
import { TextField } from '../../../../src/client/components/ui/fields'
import { SaveDialog } from '../../../../src/client/components/ui/form-dialog'
import { useForm } from '../../../../src/client/components/ui/use-form'
import { toaster } from '../../../../src/client/components/ui/notify'
import { api, ApiError } from '../../../../src/client/lib/api-client'
import { renderInApp } from '../../render-in-app'

const required = v.pipe(v.string(), v.minLength(1, T.required))
const schema = v.object({ customer_number: v.string(), last_name: required, first_name: required })

function Harness({ save }: { save: (input: v.InferOutput<typeof schema>) => Promise<unknown> }) {
  const form = useForm(schema, { customer_number: '', last_name: '', first_name: '' })
  return (
    <SaveDialog title="Новый абонент" form={form} save={save} onClose={() => {}}>
      <TextField label="Лицевой счёт" {...form.field('customer_number')} />
      <TextField label="Фамилия" required {...form.field('last_name')} />
      <TextField label="Имя" required {...form.field('first_name')} />
    </SaveDialog>
  )
}

describe('a form submitted with faults', () => {
  it('puts the focus on the first field its check refused', async () => {
    const save = vi.fn()
    renderInApp(<Harness save={save} />)
    const dialog = await screen.findByRole('dialog', { name: 'Новый абонент' })
    await userEvent.type(within(dialog).getByLabelText(/Лицевой счёт/), '1001')
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }))

    await waitFor(() => expect(within(dialog).getByLabelText(/Фамилия/)).toHaveFocus())
    expect(within(dialog).getByLabelText(/Фамилия/)).toHaveAttribute('aria-invalid', 'true')
    expect(save).not.toHaveBeenCalled()
  })

  it('puts the focus on the first field the server refused after a 400', async () => {
    const save = vi.fn().mockRejectedValue(new ApiError(400, { first_name: ['Недопустимое значение'] }, 'Bad Request'))
    renderInApp(<Harness save={save} />)
    const dialog = await screen.findByRole('dialog', { name: 'Новый абонент' })
    await userEvent.type(within(dialog).getByLabelText(/Фамилия/), 'Иванов')
    await userEvent.type(within(dialog).getByLabelText(/Имя/), 'Иван')
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }))

    await waitFor(() => expect(within(dialog).getByLabelText(/Имя/)).toHaveFocus())
    expect(save).toHaveBeenCalledOnce()
  })
})

// Found by a report-only UX probe: with the server unreachable, a save said only «Нет связи с сервером», not that
// nothing was saved nor what to do.
describe('a form saved while the server cannot be reached', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    toaster.remove()
  })

  it('says that nothing was saved and what to do, and keeps the dialog open with what was typed', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    renderInApp(<Harness save={(body) => api('/api/customers/', { method: 'POST', body })} />)
    const dialog = await screen.findByRole('dialog', { name: 'Новый абонент' })
    await userEvent.type(within(dialog).getByLabelText(/Фамилия/), 'Иванов')
    await userEvent.type(within(dialog).getByLabelText(/Имя/), 'Иван')
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }))

    await waitFor(() => expect(toaster.getVisibleToasts().map((toast) => toast.title)).toEqual([T.notSavedOffline]))
    expect(screen.getByRole('dialog', { name: 'Новый абонент' })).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/Фамилия/)).toHaveValue('Иванов')
  })
})
