import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { OutboxEntryCard } from '../../../../src/client/features/outbox/components/outbox-entry-card'
import type { OutboxEntry } from '../../../../src/client/offline'
import { ME, point, tokenOf } from '../../offline/helpers'
import { renderInApp } from '../../render-in-app'

/** The engineer's remark, made offline; by the time it was sent the administrator had moved them to the viewers. */
const refused = {
  seq: 3,
  mutationId: '01J00000000000000000000003',
  author: ME,
  entity: 'point',
  op: 'update',
  entityId: 1,
  patch: { remark: 'щит в подвале' },
  baseVersion: 1,
  base: point(1),
  createdAt: 0,
  attempts: 1,
  nextAttemptAt: 0,
  status: 'rejected',
  lastError: { status: 403, message: 'Недостаточно прав для этого действия' },
  serverRow: null,
} satisfies OutboxEntry

beforeEach(() => localStorage.setItem('token', tokenOf(ME)))
afterEach(() => localStorage.clear())

describe('a rejected edit on the outbox page', () => {
  it('refused for want of a right: says what to do and offers no resend, which would only be refused again', () => {
    renderInApp(<OutboxEntryCard entry={refused} />)
    expect(screen.getByText('Нет прав на это изменение: обратитесь к администратору или отмените изменение')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Отправить снова' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Отменить изменение' })).toBeInTheDocument()
  })

  it('refused for its values: the form to correct them and resend', () => {
    const taken = { ...refused, lastError: { status: 400, message: 'Ошибка', fields: { remark: ['Слишком длинно'] } } }
    renderInApp(<OutboxEntryCard entry={taken} />)
    expect(screen.getByRole('button', { name: 'Отправить снова' })).toBeInTheDocument()
  })
})
