import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { itemsFor } from '../../../../src/client/features/outbox/api/outbox'
import { OutboxEntryCard } from '../../../../src/client/features/outbox/components/outbox-entry-card'
import { formatDateTime } from '../../../../src/client/lib/format'
import type { OutboxEntry } from '../../../../src/client/offline'
import { COLLEAGUE, ME, point, pointEdit, tokenOf } from '../../offline/helpers'
import { renderInApp, testQueryClient } from '../../render-in-app'
import { ME as SIGNED_IN } from '../../app-routes'
import { authKeys } from '../../../../src/client/lib/auth'
import userEvent from '@testing-library/user-event'
import { offlineDb } from '../../../../src/client/offline'
import { T } from '../../../../src/shared/texts'

/** The engineer's remark, made offline; by the time it was sent the administrator had moved them to the viewers. */
const refused = pointEdit({
  seq: 3,
  mutationId: '01J00000000000000000000003',
  attempts: 1,
  status: 'rejected',
  lastError: { status: 403, message: 'Недостаточно прав для этого действия' },
})

/** A query client signed in as ME with these rights only. */
const signedInWith = (permissions: string[]) => {
  const queryClient = testQueryClient()
  queryClient.setQueryData(authKeys.me, { ...SIGNED_IN, user_id: ME, is_superuser: false, permissions })
  return queryClient
}

beforeEach(() => localStorage.setItem('token', tokenOf(ME)))
afterEach(() => localStorage.clear())

describe('a rejected edit on the outbox page', () => {
  it('refused for want of a right the user still lacks: says what to do and offers no resend, which would only be refused again', () => {
    renderInApp(<OutboxEntryCard entry={refused} />, signedInWith(['points.view']))
    expect(screen.getByText('Нет прав на это изменение: обратитесь к администратору или отмените изменение')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Отправить снова' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Отменить изменение' })).toBeInTheDocument()
  })

  // Field probe: the administrator restored the right, and the card still offered only «Отменить изменение».
  it('refused for want of a right the user holds now: offers to send it again, and sends it', async () => {
    await offlineDb().outbox.clear()
    const seq = await offlineDb().outbox.add({ ...refused, seq: undefined })
    renderInApp(<OutboxEntryCard entry={{ ...refused, seq }} />, signedInWith(['points.view', 'points.change']))
    expect(screen.getByText('Теперь право на это изменение у вас есть: отправьте его снова')).toBeInTheDocument()
    expect(screen.queryByText(/Нет прав на это изменение/)).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Отправить снова' }))
    await waitFor(async () => expect(await offlineDb().outbox.get(seq)).toMatchObject({ status: 'pending', lastError: null, patch: refused.patch }))
  })

  it('refused for its values: the form to correct them and resend', () => {
    const taken = { ...refused, lastError: { status: 400, message: 'Ошибка', fields: { remark: ['Слишком длинно'] } } }
    renderInApp(<OutboxEntryCard entry={taken} />)
    expect(screen.getByRole('button', { name: 'Отправить снова' })).toBeInTheDocument()
  })
})

// Found on a tablet whose server was gone for hours: «попыток отправки: 6» read as six refusals, though no request
// had reached the server; the field probe saw 23 after five minutes offline.
describe('the attempts of an edit', () => {
  const waiting = { ...refused, status: 'pending' } satisfies OutboxEntry
  const at = formatDateTime(new Date(0))
  const noConnection = { message: 'Нет связи с сервером: изменение будет отправлено позже' }

  it('counts only the attempts the server answered', () => {
    const { unmount } = renderInApp(<OutboxEntryCard entry={{ ...waiting, attempts: 23, unanswered: 23, lastError: noConnection }} />)
    expect(screen.getByText(`Изменение от ${at}`)).toBeInTheDocument()
    expect(screen.getByText(noConnection.message)).toBeInTheDocument()
    unmount()
    // Two refusals of a busy server, then the network went.
    renderInApp(<OutboxEntryCard entry={{ ...waiting, attempts: 5, unanswered: 3, lastError: noConnection }} />)
    expect(screen.getByText(`Изменение от ${at}, попыток отправки: 2`)).toBeInTheDocument()
  })

  it('reads an entry stored before they were counted apart as its card did: all unanswered when the last one was', () => {
    const { unmount } = renderInApp(<OutboxEntryCard entry={{ ...waiting, attempts: 6, lastError: noConnection }} />)
    expect(screen.getByText(`Изменение от ${at}`)).toBeInTheDocument()
    unmount()
    renderInApp(<OutboxEntryCard entry={{ ...waiting, attempts: 2, lastError: { status: 503, message: 'Сервер временно недоступен' } }} />)
    expect(screen.getByText(`Изменение от ${at}, попыток отправки: 2`)).toBeInTheDocument()
  })
})

// Probe: the card said «Запись изменена на сервере, пока изменение ждало отправки…» and, under it, the same again.
describe('an edit in conflict with the server', () => {
  it('says once what happened, in the conflict card, and heads the column of marks with where the field changed', () => {
    const conflict = {
      ...refused,
      status: 'conflict',
      lastError: { status: 412, message: T.outboxConflictMessage },
      serverRow: point(1, { remark: 'щит опломбирован', version: 2 }),
    } satisfies OutboxEntry
    renderInApp(<OutboxEntryCard entry={conflict} />)
    expect(screen.getAllByText(/пока изменение ждало отправки/)).toHaveLength(1)
    expect(screen.getByRole('columnheader', { name: 'Где изменено' })).toBeInTheDocument()
  })
})

describe('an edit held back by an earlier edit of its record', () => {
  const remark = { ...refused, seq: 5, mutationId: '01J00000000000000000000005', attempts: 0, status: 'pending', lastError: null } satisfies OutboxEntry

  it('says what it waits for instead of a plain «Ожидает отправки»', () => {
    const first = { ...refused, lastError: { status: 400, message: 'Точка учёта с таким идентификатором уже существует' } }
    const [, item] = itemsFor([first, { ...remark, base: point(1, { point_number: 'PN-8' }) }], ME)
    renderInApp(<OutboxEntryCard {...item!} />)
    const at = formatDateTime(new Date(0))
    expect(screen.getByText(`Ждёт: предыдущее изменение этой записи от ${at} отклонено сервером; исправьте или отмените его`)).toBeInTheDocument()
    expect(screen.queryByText('Ожидает отправки')).toBeNull()
  })

  it('behind its own edit that met a server error: says it waits for that resend; behind one without an answer: just pending', () => {
    const erred = {
      ...refused,
      status: 'pending',
      lastError: { status: 503, message: 'Сервер временно недоступен (код 503): повтор позже' },
    } satisfies OutboxEntry
    const [, item] = itemsFor([erred, remark], ME)
    const { unmount } = renderInApp(<OutboxEntryCard {...item!} />)
    const at = formatDateTime(new Date(0))
    const waits = `Ждёт: предыдущее изменение этой записи от ${at} не принято из-за ошибки сервера и будет отправлено повторно; его можно отправить сейчас`
    expect(screen.getByText(waits)).toBeInTheDocument()
    unmount()

    const unanswered = { ...erred, lastError: { message: 'Нет связи с сервером: изменение будет отправлено позже' } } satisfies OutboxEntry
    const [, offlineItem] = itemsFor([unanswered, remark], ME)
    renderInApp(<OutboxEntryCard {...offlineItem!} />)
    expect(screen.getByText('Ожидает отправки')).toBeInTheDocument()
    expect(screen.queryByText(/^Ждёт:/)).toBeNull()
  })

  it("shows what was there as the viewer may see it, never another user's unsent value", () => {
    // A colleague renamed the point on this tablet and signed out; my remark was made on top of it.
    const theirs = {
      ...refused,
      author: COLLEAGUE,
      status: 'pending',
      lastError: null,
      patch: { name: 'Секретное имя', remark: 'их примечание' },
    } satisfies OutboxEntry
    const mine = { ...remark, patch: { remark: 'щит в подвале' }, base: point(1, { name: 'Секретное имя', remark: 'их примечание' }) }
    const item = itemsFor([theirs, mine], ME).find(({ foreign }) => !foreign)
    renderInApp(<OutboxEntryCard {...item!} />)
    expect(screen.getByRole('heading')).toHaveTextContent('Точка учёта «Точка 1», № PN-1')
    expect(screen.getByRole('listitem')).toHaveTextContent('Примечание: — → щит в подвале')
    expect(document.body).not.toHaveTextContent(/Секретное имя|их примечание/)
  })
})

describe("another user's waiting edit on a shared tablet", () => {
  // The operator's rename waits (the operator signed out, or was deactivated since); it holds back everyone's later edits.
  const theirs = {
    ...refused,
    author: COLLEAGUE,
    authorName: 'Пётр Смирнов',
    patch: { name: 'Секретное имя' },
    status: 'pending',
    attempts: 0,
    lastError: null,
  } satisfies OutboxEntry

  it('is listed read-only, with who made it and no values; a user with the right may take it over, seeing what they take', async () => {
    await offlineDb().outbox.clear()
    const seq = await offlineDb().outbox.add({ ...theirs, seq: undefined })
    const [item] = itemsFor([{ ...theirs, seq }], ME)
    renderInApp(<OutboxEntryCard {...item!} />, signedInWith(['points.view', 'points.change']))
    expect(screen.getByText('Изменение пользователя Пётр Смирнов: ждёт решения автора')).toBeInTheDocument()
    expect(screen.getByText('Изменены поля: Наименование')).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent('Секретное имя')
    expect(screen.queryByRole('button', { name: 'Отменить изменение' })).toBeNull()

    await userEvent.click(screen.getByRole('button', { name: 'Забрать себе' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Забрать себе изменение пользователя Пётр Смирнов?')
    // The taker answers for what is sent under their name: the question shows it.
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Наименование: Точка 1 → Секретное имя')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Забрать себе' }))
    await waitFor(async () => expect((await offlineDb().outbox.get(seq))!.author).toBe(ME))
  })

  it('may be discarded by a user with the right, who sees what is thrown away', async () => {
    await offlineDb().outbox.clear()
    const seq = await offlineDb().outbox.add({ ...theirs, seq: undefined })
    const [item] = itemsFor([{ ...theirs, seq }], ME)
    renderInApp(<OutboxEntryCard {...item!} />, signedInWith(['points.view', 'points.change']))
    await userEvent.click(screen.getByRole('button', { name: 'Удалить с устройства' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Удалить с устройства изменение пользователя Пётр Смирнов?')
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Наименование: Точка 1 → Секретное имя')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить с устройства' }))
    await waitFor(async () => expect(await offlineDb().outbox.get(seq)).toBeUndefined())
  })

  it('offers nothing to a user without the right to change points', () => {
    const [item] = itemsFor([theirs], ME)
    renderInApp(<OutboxEntryCard {...item!} />, signedInWith(['points.view']))
    expect(screen.getByText('Изменение пользователя Пётр Смирнов: ждёт решения автора')).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
  })
})

// Probe: an operator created a point offline, signed out and never came back; /outbox said everything was sent.
describe("another user's new point on a shared tablet", () => {
  const created = {
    ...refused,
    seq: 7,
    mutationId: '01J00000000000000000000007',
    author: COLLEAGUE,
    authorName: 'Пётр Смирнов',
    op: 'create',
    entityId: -1,
    patch: { name: 'ТП-972 новая', point_number: '35-000972', address: 'ул. Мира, 72' },
    baseVersion: 0,
    base: null,
    status: 'pending',
    attempts: 1,
    lastError: { message: 'Нет связи с сервером: изменение будет отправлено позже' },
  } satisfies OutboxEntry
  // The operator's later edit of the new point, made before signing out.
  const remarked = {
    ...created,
    seq: 8,
    mutationId: '01J00000000000000000000008',
    op: 'update',
    patch: { remark: 'Щит в подвале' },
    base: { ...point(-1), ...created.patch },
    attempts: 0,
    lastError: null,
  } satisfies OutboxEntry
  const stored = async () => {
    await offlineDb().outbox.clear()
    const seqs = [await offlineDb().outbox.add({ ...created, seq: undefined }), await offlineDb().outbox.add({ ...remarked, seq: undefined })]
    return itemsFor(
      [
        { ...created, seq: seqs[0] },
        { ...remarked, seq: seqs[1] },
      ],
      ME,
    )
  }

  it('is listed, one card with its later edits, with who made it and none of its values', async () => {
    const items = await stored()
    expect(items).toHaveLength(1)
    renderInApp(<OutboxEntryCard {...items[0]!} />, signedInWith(['points.view']))
    expect(screen.getByRole('heading')).toHaveTextContent(/^Новая точка учёта$/)
    expect(screen.getByText('Новая точка учёта пользователя Пётр Смирнов: ждёт решения автора')).toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(/ТП-972|35-000972|Мира|Щит/)
    // Without the right to change points: nothing to do but wait for the author.
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('may be discarded by a user with the right, who sees the values that are thrown away', async () => {
    const [item] = await stored()
    renderInApp(<OutboxEntryCard {...item!} />, signedInWith(['points.view', 'points.change']))
    await userEvent.click(screen.getByRole('button', { name: 'Удалить с устройства' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Удалить с устройства новую точку учёта пользователя Пётр Смирнов?')
    const values = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(values).toEqual(expect.arrayContaining(['Наименование: ТП-972 новая', 'Адрес: ул. Мира, 72', 'Примечание: Щит в подвале']))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить с устройства' }))
    await waitFor(async () => expect(await offlineDb().outbox.count()).toBe(0))
  })

  it('may be taken over by a user with the right, with its later edits', async () => {
    const [item] = await stored()
    renderInApp(<OutboxEntryCard {...item!} />, signedInWith(['points.view', 'points.change']))
    await userEvent.click(screen.getByRole('button', { name: 'Забрать себе' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Забрать себе новую точку учёта пользователя Пётр Смирнов?')
    expect(dialog).toHaveTextContent('Наименование: ТП-972 новая')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Забрать себе' }))
    await waitFor(async () => expect((await offlineDb().outbox.toArray()).map((entry) => entry.author)).toEqual([ME, ME]))
  })
})
