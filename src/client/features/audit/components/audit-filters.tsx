import type { ComponentProps } from 'react'
import { Button, Flex, Box } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { T } from '../../../../shared/texts'
import { SelectField } from '../../../components/ui/fields'
import { SearchInput } from '../../../components/ui/search-input'
import { fullName } from '../../../lib/format'
import { useCan } from '../../../lib/auth'
import { auditUsersQueryOptions } from '../api/audit'
import type { AuditSearch } from '../api/audit-search'

const ENTITY_OPTIONS = Object.entries(T.auditEntities)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'ru'))

type Props = { search: AuditSearch; onChange: (patch: Partial<AuditSearch>) => void }

/** A filter chosen from a list, «Все» while none is chosen; full width on a phone. */
function SelectFilter<TValue extends string | number>({ width, ...select }: ComponentProps<typeof SelectField<TValue>> & { width: string }) {
  return (
    <Box width={{ base: 'full', md: width }}>
      <SelectField placeholder="Все" {...select} />
    </Box>
  )
}

/**
 * The trail's filters, kept in the URL: the kind of entity (and then one entity's number), and the user. The user
 * list is the users screen's, so the user filter is offered to those who may see users.
 */
export function AuditFilters({ search, onChange }: Props) {
  const can = useCan()
  const users = useQuery({ ...auditUsersQueryOptions(), enabled: can('users.view') })
  const userOptions = (users.data?.results ?? []).map((u) => ({ value: u.user_id, label: fullName(u) ? `${fullName(u)} (${u.username})` : u.username }))
  // A user picked by a link whom the list does not hold (or who may not be listed) still shows as picked.
  if (search.user_id !== undefined && !userOptions.some((o) => o.value === search.user_id))
    userOptions.unshift({ value: search.user_id, label: `№${search.user_id}` })
  const filtered = search.entity !== '' || search.entity_id !== '' || search.user_id !== undefined
  return (
    <Flex gap="3" mb="3" wrap="wrap" align="end" role="group" aria-label="Фильтры журнала">
      <SelectFilter
        width="16rem"
        label="Тип записи"
        value={search.entity}
        options={ENTITY_OPTIONS}
        onChange={(entity) => onChange({ entity: entity ?? '', entity_id: '', page: 1 })}
      />
      {(search.entity !== '' || search.entity_id !== '') && (
        <Box width={{ base: 'full', md: '12rem' }}>
          <SearchInput
            label="№ записи"
            placeholder="№ записи"
            value={search.entity_id}
            onChange={(entity_id) => onChange({ entity_id: entity_id.trim().slice(0, 64), page: 1 })}
          />
        </Box>
      )}
      {(can('users.view') || search.user_id !== undefined) && (
        <SelectFilter
          width="18rem"
          label="Пользователь"
          value={search.user_id}
          options={userOptions}
          onChange={(user_id) => onChange({ user_id: user_id ?? undefined, page: 1 })}
        />
      )}
      {filtered && (
        <Button variant="ghost" onClick={() => onChange({ entity: '', entity_id: '', user_id: undefined, page: 1 })}>
          Сбросить фильтры
        </Button>
      )}
    </Flex>
  )
}
