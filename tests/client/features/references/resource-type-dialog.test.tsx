import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ResourceTypeDialog } from '../../../../src/client/features/references/components/resource-type-dialog'
import { T } from '../../../../src/shared/texts'
import { renderInApp } from '../../render-in-app'

let sent: { method: string; path: string; body: unknown }[]
beforeEach(() => {
  sent = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body))
      sent.push({ method: init.method ?? 'GET', path: input.split('?')[0]!, body })
      return new Response(JSON.stringify({ resource_type_id: 9, ...body }), { status: 201, headers: { 'Content-Type': 'application/json' } })
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('the resource type dialog', () => {
  it('asks for the name, then adds the type', async () => {
    const onDone = vi.fn()
    renderInApp(<ResourceTypeDialog row={null} onClose={() => {}} onDone={onDone} />)
    const dialog = await screen.findByRole('dialog', { name: 'Новый энергоресурс' })
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }))
    expect(await within(dialog).findByText(T.required)).toBeInTheDocument()
    expect(sent).toEqual([])
    await userEvent.type(within(dialog).getByLabelText(/Наименование/), 'Тепловая энергия')
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(sent).toEqual([{ method: 'POST', path: '/api/resources_types/', body: { name: 'Тепловая энергия' } }])
  })
})
