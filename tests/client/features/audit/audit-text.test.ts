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

describe('an audit entry shows no JSON, no API names and no ISO dates', () => {
  const person = { username: 'abonent', first_name: 'Анна', last_name: 'Кузнецова', middle_name: 'Петровна' }
  const rows = (changes: ReturnType<typeof fieldChanges>) => changes.map((c) => [fieldName(c.field), c.before, c.after])

  it('reads an application’s viewing by person names, Russian field names and DD.MM.YYYY dates', () => {
    const request = {
      doc_request_id: 12,
      request_number: 'З-0012',
      expired_date: '2026-12-09',
      user: person,
      type: { id: 1, name: 'Технологическое присоединение' },
      status: { id: 2, name: 'На рассмотрении' },
      assigned_user: null,
      assigned_user_id: null,
      decline_reason: '',
      unread_comments: 0,
      new_files: 2,
      archived: false,
      external_send_date: null,
    }
    const changes = fieldChanges(request, { ...request, new_files: 0 })
    expect(rows(changes)).toEqual([
      ['Номер заявки', 'З-0012', 'З-0012'],
      ['Срок исполнения', '09.12.2026', '09.12.2026'],
      ['Заявитель', 'Анна Кузнецова', 'Анна Кузнецова'],
      ['Тип заявки', 'Технологическое присоединение', 'Технологическое присоединение'],
      ['Статус', 'На рассмотрении', 'На рассмотрении'],
      ['Ответственный', '—', '—'],
      ['Причина отказа', '—', '—'],
      ['Непрочитанные комментарии', '0', '0'],
      ['Новые файлы', '2', '0'],
      ['В архиве', 'нет', 'нет'],
      ['Отправлено в энергосбытовую компанию', '—', '—'],
    ])
    expect(changes.find((c) => c.field === 'new_files')?.changed).toBe(true)
  })

  it('leaves ids out of a new user and names the user’s groups', () => {
    const user = { user_id: 9, ...person, email: '', account_id: 1, is_stuff: true, is_superuser: false, groups: [4], is_active: true }
    expect(rows(fieldChanges(null, user, (id) => (id === 4 ? 'Операторы' : undefined)))).toEqual([
      ['Логин', '—', 'abonent'],
      ['Имя', '—', 'Анна'],
      ['Фамилия', '—', 'Кузнецова'],
      ['Отчество', '—', 'Петровна'],
      ['Эл. почта', '—', '—'],
      ['Сотрудник', '—', 'да'],
      ['Суперпользователь', '—', 'нет'],
      ['Группы прав', '—', 'Операторы'],
      ['Активен', '—', 'да'],
    ])
    expect(fieldChanges(null, { groups: [4] })[0]?.after).toBe('группа №4')
  })

  it('leaves a new group’s id out', () => {
    expect(rows(fieldChanges(null, { permissions_group_id: 3, name: 'Операторы', permissions: [] }))).toEqual([
      ['Наименование', '—', 'Операторы'],
      ['Права', '—', '—'],
    ])
  })

  it('reads any other record as Russian «ключ: значение» pairs', () => {
    const example = { file_name: 'a1.pdf', real_file_name: 'Образец.pdf' }
    expect(fieldChanges(null, { doc_required_file_example: example })[0]?.after).toBe('Файл: a1.pdf, Имя файла: Образец.pdf')
    const closed = [{ doc_close_id: 1, doc_required_file_id: 24, file_name: 'b2.pdf', real_file_name: 'Акт.pdf', created_at: '2026-11-23T10:30:00Z' }]
    expect(fieldChanges(null, closed)[0]?.after).not.toMatch(/[{}"]|file_name|_id/)
  })

  it('names in Russian every field of the audited records', async () => {
    const { T } = await import('../../../../src/shared/texts')
    const schemas = await Promise.all([
      import('../../../../src/shared/schemas/requests'),
      import('../../../../src/shared/schemas/users'),
      import('../../../../src/shared/schemas/groups'),
      import('../../../../src/shared/schemas/account'),
      import('../../../../src/shared/schemas/represents'),
      import('../../../../src/shared/schemas/counters'),
      import('../../../../src/shared/schemas/collection'),
      import('../../../../src/shared/schemas/points'),
      import('../../../../src/shared/schemas/customers'),
      import('../../../../src/shared/schemas/references'),
    ])
    const audited = ['documentRequest', 'attachment', 'requiredFile', 'documentType', 'user', 'group', 'account', 'accountEmail', 'represent']
    audited.push('counter', 'counterTask', 'point', 'customer', 'resourceType', 'counterModelApi', 'counterModel', 'dataSource', 'dataParameter')
    const unnamed: string[] = []
    for (const module of schemas) {
      for (const [name, schema] of Object.entries(module)) {
        if (!audited.includes(name)) continue
        for (const key of Object.keys((schema as { entries: object }).entries)) if (!key.endsWith('_id') && !T.auditFields[key]) unnamed.push(`${name}.${key}`)
      }
    }
    expect(unnamed).toEqual([])
  })
})
