import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ChakraProvider } from '@chakra-ui/react'
import { appSystem } from '../../../../src/client/app/system'
import { ConflictView } from '../../../../src/client/features/outbox/components/conflict-view'
import type { OutboxEntry } from '../../../../src/client/offline'
import { T } from '../../../../src/shared/texts'
import { counter, ME, point } from '../../offline/helpers'

/** The engineer renamed the point and noted a remark; the administrator changed the address and the remark too. */
const entry = {
  seq: 4,
  mutationId: '01J00000000000000000000000',
  author: ME,
  entity: 'point',
  op: 'update',
  entityId: 1,
  patch: { name: 'ТП-1 ввод 2', remark: 'ключ у мастера' },
  baseVersion: 1,
  base: point(1),
  createdAt: 0,
  attempts: 1,
  nextAttemptAt: 0,
  status: 'conflict',
  lastError: { status: 412, message: 'Конфликт' },
  serverRow: point(1, { address: 'пр. Мира, 10', remark: 'щит опломбирован', version: 2 }),
} satisfies OutboxEntry

function show(onMerge: (fields: string[]) => void, shown: OutboxEntry = entry) {
  render(
    <ChakraProvider value={appSystem()}>
      <ConflictView entry={shown} busy={false} onKeepMine={() => {}} onTakeTheirs={() => {}} onMerge={onMerge} />
    </ChakraProvider>,
  )
}

describe('the conflict card', () => {
  it('shows every field either side changed, and merges with the side chosen for the field both changed', async () => {
    const onMerge = vi.fn()
    show(onMerge)
    expect(within(screen.getByRole('row', { name: 'Наименование' })).getByText(T.outboxChangedHere)).toBeInTheDocument()
    expect(within(screen.getByRole('row', { name: 'Адрес' })).getByText(T.outboxChangedThere)).toBeInTheDocument()
    expect(within(screen.getByRole('row', { name: 'Примечание' })).getByText(T.outboxChangedBoth)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: T.outboxMerge })).toBeNull()

    const apply = screen.getByRole('button', { name: T.outboxApplyChoice })
    expect(apply).toBeDisabled()
    await userEvent.click(screen.getByRole('radio', { name: `${T.outboxChooseTheirs}: щит опломбирован` }))
    await userEvent.click(apply)
    // My name, their address, their remark.
    expect(onMerge).toHaveBeenCalledWith(['name'])
  })

  it('writes numbers the Russian way on every side', () => {
    show(() => {}, { ...entry, patch: { energy_limit: 12345.5 }, serverRow: point(1, { energy_limit: 750000, version: 2 }) })
    const row = screen.getByRole('row', { name: /Лимит/ })
    expect(row).toHaveTextContent('12 345,5')
    expect(row).toHaveTextContent('750 000')
  })

  it('says what changed on the server when it was none of the fields edited here: the meter taken off its point', () => {
    const base = counter(3, { coeff: 10, point_id: 5, point_name: 'ТП-5', is_current: true, is_active: true })
    show(() => {}, {
      ...entry,
      entity: 'counter',
      entityId: 3,
      patch: { coeff: 20 },
      base,
      serverRow: { ...base, point_id: null, point_name: null, is_current: false, is_active: false, version: 2 },
    })
    expect(screen.queryByText(new RegExp(T.outboxConflictDisjoint))).toBeNull()
    expect(screen.getByText(new RegExp(T.outboxChangedElsewhere([T.outboxMeterTakenOff('ТП-5'), T.outboxPollingOff])))).toBeInTheDocument()
  })
})
