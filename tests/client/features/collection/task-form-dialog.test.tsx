import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TaskFormDialog } from '../../../../src/client/features/collection/components/task-form-dialog'
import { T } from '../../../../src/shared/texts'
import { json } from '../../app-routes'
import { renderInApp } from '../../render-in-app'

// Found by a report-only UX probe: the task form's empty «Сервер сбора данных» select said «Введите целое число»,
// and the site's only collecting server was not chosen for a new task.

afterEach(() => vi.unstubAllGlobals())

const server = (id: number) => ({ data_collecting_server_id: id, name: `Сервер сбора данных № ${id}`, remark: '', last_seen_at: null })

/** The form for a new task of counter 5, with `servers` collecting. */
function openNewTask(servers: ReturnType<typeof server>[], onClose = () => {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => (input.startsWith('/api/collecting_servers/') ? json({ count: servers.length, results: servers }) : json([]))),
  )
  renderInApp(<TaskFormDialog counterId={5} task={null} open onClose={onClose} />)
  return screen.getByRole('dialog', { name: 'Новое задание' })
}

describe('the task form’s collecting server', () => {
  it('asks to choose a server when it is left empty', async () => {
    const dialog = openNewTask([server(1), server(2)])
    await within(dialog).findByRole('option', { name: 'Сервер сбора данных № 2' })
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }))
    expect(await within(dialog).findByText(T.serverRequired)).toBeInTheDocument()
    expect(within(dialog).getByRole('combobox', { name: /Сервер сбора данных/ })).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).queryByText(T.mustBeInteger)).toBeNull()
  })

  it('chooses the only server for a new task, and closing the untouched form does not ask', async () => {
    const onClose = vi.fn()
    const dialog = openNewTask([server(3)], onClose)
    const select = within(dialog).getByRole('combobox', { name: /Сервер сбора данных/ })
    await waitFor(() => expect(select).toHaveDisplayValue('Сервер сбора данных № 3'))
    await userEvent.click(within(dialog).getByRole('button', { name: T.cancel }))
    expect(onClose).toHaveBeenCalled()
    expect(screen.queryByText(T.confirmDiscard)).toBeNull()
  })
})
