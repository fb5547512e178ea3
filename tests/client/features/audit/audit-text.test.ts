import { describe, expect, it } from 'vitest'
import { fieldChanges, fieldName } from '../../../../src/client/features/audit/components/audit-text'

describe('an audit entry’s fields as a person reads them', () => {
  it('names the fields in Russian and nested records by their names, not as JSON', () => {
    const right = (permission_id: number, name: string) => ({ permission_id, codename: `x.${permission_id}`, name })
    const changes = fieldChanges(
      { name: 'Операторы', permissions: [right(1, 'Просмотр пользователей')] },
      { name: 'Операторы', permissions: [right(1, 'Просмотр пользователей'), right(7, 'Изменение точек учёта')] },
    )
    expect(changes.map((c) => [fieldName(c.field), c.before, c.after, c.changed])).toEqual([
      ['Наименование', 'Операторы', 'Операторы', false],
      ['Права', 'Просмотр пользователей', 'Просмотр пользователей, Изменение точек учёта', true],
    ])
    expect(fieldName('an_unknown_field')).toBe('an_unknown_field')
  })
})
