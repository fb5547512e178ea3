import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { toaster } from '../../../../src/client/components/ui/notify'
import { meQueryOptions } from '../../../../src/client/lib/auth'
import { ModelGroupsScreen } from '../../../../src/client/features/references/components/model-groups-screen'
import { ModelsScreen } from '../../../../src/client/features/references/components/models-screen'
import { session } from '../../../../src/client/lib/session'
import type { CounterModel, CounterModelApi } from '../../../../src/shared/schemas/references'
import { T } from '../../../../src/shared/texts'
import { ADMIN, staffWith, startRealServer, type RealServer } from '../../real-server'
import { renderRouter, testQueryClient } from '../../render-in-app'

// Issue 20 point 11: model groups and meter models are added, edited and deleted in the console, against the real server.

let server: RealServer
let admin: string
let viewer: string
let resourceType: { resource_type_id: number; name: string }
let sourceId: number

const json = async <T,>(response: Response | Promise<Response>) => (await (await response).json()) as T

beforeAll(async () => {
  server = await startRealServer('reference-edits')
  admin = (await json<{ token: string }>(server.call(null, 'POST', '/api/api-token-auth/', ADMIN))).token
  resourceType = await json(server.call(admin, 'POST', '/api/resources_types/', { name: 'Тепловая энергия' }))
  sourceId = (await json<{ source_id: number }>(server.call(admin, 'POST', '/api/data_sources/', { name: 'Импульсный вход', remark: '' }))).source_id
  // A user who may look at the references but not change them.
  viewer = (await staffWith(server, admin, ['references.view'], { username: 'viewer', first_name: 'Вера', last_name: 'Смотрова' })).token
}, 120_000)
afterEach(() => {
  session.signOut()
  toaster.remove()
})
afterAll(async () => {
  await server.stop()
})

/** The screen in a router of its own (its links need one) with the console's providers, signed in as `token`. */
function show(token: string, screenNode: ReactNode) {
  session.signIn(token)
  const rootRoute = createRootRoute({ component: () => <>{screenNode}</> })
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) })
  const queryClient = testQueryClient()
  const rendered = renderRouter(router, queryClient)
  /** Once the signed-in user's rights are known: before, nobody sees the buttons. */
  const rightsKnown = () => waitFor(() => expect(queryClient.getQueryState(meQueryOptions().queryKey)?.status).toBe('success'), SLOW)
  return { ...rendered, rightsKnown }
}

const groupsOnServer = () =>
  json<{ results: CounterModelApi[] }>(server.call(admin, 'GET', `/api/counters_api/?resource_type=${resourceType.resource_type_id}`))
const modelsOnServer = (group: number) => json<{ results: CounterModel[] }>(server.call(admin, 'GET', `/api/counters_models/?counter_model_api=${group}`))
/** A server's answer, a list's refetch, even a dialog's opening take seconds on a busy machine. */
const SLOW = { timeout: 10_000 }
const selectedLabel = (select: HTMLElement) => (select as HTMLSelectElement).selectedOptions[0]?.textContent

describe('model groups and models in the console', { timeout: 60_000 }, () => {
  let groupId: number

  it('adds a model group of the resource the screen shows, after a Russian message for the empty name, and renames it', async () => {
    const user = userEvent.setup()
    const { unmount } = show(admin, <ModelGroupsScreen resourceType={resourceType.resource_type_id} />)
    await user.click(await screen.findByRole('button', { name: 'Добавить' }, SLOW))
    const dialog = await screen.findByRole('dialog', { name: 'Новая группа моделей' }, SLOW)
    await waitFor(() => expect(selectedLabel(within(dialog).getByLabelText(/Энергоресурс/))).toBe('Тепловая энергия'), SLOW)
    await user.click(within(dialog).getByRole('button', { name: T.save }))
    expect(await within(dialog).findByText(T.required, undefined, SLOW)).toBeInTheDocument()
    expect((await groupsOnServer()).results).toEqual([])

    await user.type(within(dialog).getByLabelText(/Наименование/), 'Пульсар')
    await user.type(within(dialog).getByLabelText(/Протокол/), 'pulsar')
    await user.click(within(dialog).getByRole('button', { name: T.save }))
    const link = await screen.findByRole('link', { name: 'Пульсар' }, SLOW)
    expect(screen.queryByRole('dialog', { name: 'Новая группа моделей' })).not.toBeInTheDocument()
    const [created] = (await groupsOnServer()).results
    expect(created).toMatchObject({ name: 'Пульсар', resource_type: resourceType.resource_type_id, driver: 'pulsar' })
    groupId = created!.counter_model_api_id
    // The group still leads to its models.
    expect(link.getAttribute('href')).toBe(`/counters_models?resource_type=${resourceType.resource_type_id}&counter_model_api=${groupId}`)

    await user.click(screen.getByRole('button', { name: 'Изменить Пульсар' }))
    const edit = await screen.findByRole('dialog', { name: 'Группа моделей' }, SLOW)
    const name = within(edit).getByLabelText(/Наименование/)
    expect(name).toHaveValue('Пульсар')
    await user.clear(name)
    await user.type(name, 'Пульсар М')
    await user.clear(within(edit).getByLabelText(/Протокол/))
    await user.click(within(edit).getByRole('button', { name: T.save }))
    await screen.findByRole('link', { name: 'Пульсар М' }, SLOW)
    expect((await groupsOnServer()).results).toEqual([expect.objectContaining({ counter_model_api_id: groupId, name: 'Пульсар М', driver: '' })])
    unmount()
  })

  it('adds a model to the group the screen shows, refusing a bad width and an unknown group in Russian on their fields', async () => {
    const user = userEvent.setup()
    // Another group, gone from the server by the time the form is sent.
    const doomed = await json<CounterModelApi>(
      server.call(admin, 'POST', '/api/counters_api/', { name: 'Удаляемая', resource_type: resourceType.resource_type_id }),
    )
    const { unmount } = show(admin, <ModelsScreen resourceType={resourceType.resource_type_id} modelApi={groupId} />)
    expect(await screen.findByText(T.noModels, undefined, SLOW)).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Добавить' }, SLOW))
    const dialog = await screen.findByRole('dialog', { name: 'Новая модель счётчика' }, SLOW)
    const group = within(dialog).getByLabelText(/Группа моделей/)
    await waitFor(() => expect(selectedLabel(group)).toBe('Пульсар М'), SLOW)
    expect(selectedLabel(within(dialog).getByLabelText(/Энергоресурс/))).toBe('Тепловая энергия')

    // An empty group says the form's «required», not that a number is wanted.
    await user.selectOptions(group, '—')
    await user.click(within(dialog).getByRole('button', { name: T.save }))
    expect(await within(dialog).findAllByText(T.required, undefined, SLOW)).toHaveLength(2)
    expect(within(dialog).queryByText(T.mustBeInteger)).not.toBeInTheDocument()
    await user.selectOptions(group, 'Пульсар М')
    await user.type(within(dialog).getByLabelText(/Наименование/), 'Пульсар 2М')
    await user.type(within(dialog).getByLabelText(/Внешняя модель/), 'pulsar2m')
    const width = within(dialog).getByLabelText(/Разрядность/)
    await user.clear(width)
    await user.type(width, '13')
    await user.click(within(dialog).getByRole('button', { name: T.save }))
    expect(await within(dialog).findByText(T.outOfRange(1, 12), undefined, SLOW)).toBeInTheDocument()
    await user.clear(width)
    await user.type(width, '8')

    // The call sends JSON's content type, so it needs a JSON body.
    expect((await server.call(admin, 'DELETE', `/api/counters_api/${doomed.counter_model_api_id}/`, {})).status).toBe(204)
    await user.selectOptions(group, 'Удаляемая')
    await user.click(within(dialog).getByRole('button', { name: T.save }))
    expect(await within(dialog).findByText(T.relatedMissing, undefined, SLOW)).toBeInTheDocument()
    expect((await modelsOnServer(groupId)).results).toEqual([])

    await user.selectOptions(group, 'Пульсар М')
    await user.selectOptions(within(dialog).getByLabelText(/Источник данных/), 'Импульсный вход')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Есть память' }))
    await user.click(within(dialog).getByRole('button', { name: T.save }))
    const link = await screen.findByRole('link', { name: 'Пульсар 2М' }, SLOW)
    expect(screen.queryByText(T.noModels)).not.toBeInTheDocument()
    const [model] = (await modelsOnServer(groupId)).results
    expect(model).toMatchObject({
      name: 'Пульсар 2М',
      counter_model_api: groupId,
      resource_type: resourceType.resource_type_id,
      source: sourceId,
      external_model: 'pulsar2m',
      has_storage: true,
      counter_width: 8,
      decimal_places: 2,
      remark: '',
    })
    // The model still leads to its parameters.
    expect(link.getAttribute('href')).toBe(`/counter_model_parameters?counter_model=${model!.model_id}`)
    unmount()
  })

  it('edits a model, then deletes it once the deletion is confirmed', async () => {
    const user = userEvent.setup()
    const { unmount } = show(admin, <ModelsScreen resourceType={resourceType.resource_type_id} modelApi={groupId} />)
    await user.click(await screen.findByRole('button', { name: 'Изменить Пульсар 2М' }, SLOW))
    const dialog = await screen.findByRole('dialog', { name: 'Модель счётчика' }, SLOW)
    expect(within(dialog).getByLabelText(/Разрядность/)).toHaveValue('8')
    expect(within(dialog).getByRole('checkbox', { name: 'Есть память' })).toBeChecked()
    const places = within(dialog).getByLabelText(/Знаков после запятой/)
    await user.clear(places)
    await user.type(places, '3')
    await user.type(within(dialog).getByLabelText(/Примечание/), 'Тепловычислитель')
    await user.click(within(dialog).getByRole('button', { name: T.save }))
    // Until the dialog closes, the remark typed into it would match too.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW)
    // The remark's column is hidden below 1024 px, and jsdom applies no media query: text, not a visible cell.
    await screen.findByText('Тепловычислитель', undefined, SLOW)
    expect((await modelsOnServer(groupId)).results).toEqual([
      expect.objectContaining({ name: 'Пульсар 2М', decimal_places: 3, remark: 'Тепловычислитель', counter_width: 8 }),
    ])

    await user.click(screen.getByRole('button', { name: 'Удалить Пульсар 2М' }))
    const confirm = await screen.findByRole('alertdialog', { name: T.confirmDeleteTitle(T.deleteWhat.model, 'Пульсар 2М') }, SLOW)
    expect(confirm).toHaveTextContent(T.confirmDeleteRow)
    await user.click(within(confirm).getByRole('button', { name: 'Отмена' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument(), SLOW)
    expect((await modelsOnServer(groupId)).results).toHaveLength(1)

    await user.click(screen.getByRole('button', { name: 'Удалить Пульсар 2М' }))
    await user.click(within(await screen.findByRole('alertdialog', undefined, SLOW)).getByRole('button', { name: 'Удалить' }))
    expect(await screen.findByText(T.noModels, undefined, SLOW)).toBeInTheDocument()
    expect((await modelsOnServer(groupId)).results).toEqual([])
    unmount()
  })

  it('deletes the emptied group once confirmed', async () => {
    const user = userEvent.setup()
    const { unmount } = show(admin, <ModelGroupsScreen resourceType={resourceType.resource_type_id} />)
    await user.click(await screen.findByRole('button', { name: 'Удалить Пульсар М' }, SLOW))
    await user.click(within(await screen.findByRole('alertdialog', undefined, SLOW)).getByRole('button', { name: 'Удалить' }))
    expect(await screen.findByText(T.empty, undefined, SLOW)).toBeInTheDocument()
    expect((await groupsOnServer()).results).toEqual([])
    unmount()
  })

  it('shows a viewer the groups and models without add, edit or delete', async () => {
    const group = await json<CounterModelApi>(
      server.call(admin, 'POST', '/api/counters_api/', { name: 'Логика', resource_type: resourceType.resource_type_id }),
    )
    await server.call(admin, 'POST', '/api/counters_models/', { name: 'СПТ-961', counter_model_api: group.counter_model_api_id })
    const groups = show(viewer, <ModelGroupsScreen resourceType={resourceType.resource_type_id} />)
    await screen.findByRole('link', { name: 'Логика' }, SLOW)
    await groups.rightsKnown()
    expect(screen.queryByRole('button', { name: 'Добавить' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Изменить Логика' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Удалить Логика' })).not.toBeInTheDocument()
    groups.unmount()
    session.signOut()

    const models = show(viewer, <ModelsScreen resourceType={resourceType.resource_type_id} modelApi={group.counter_model_api_id} />)
    await screen.findByRole('link', { name: 'СПТ-961' }, SLOW)
    await models.rightsKnown()
    expect(screen.queryByRole('button', { name: 'Добавить' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Изменить СПТ-961' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Удалить СПТ-961' })).not.toBeInTheDocument()
  })
})
