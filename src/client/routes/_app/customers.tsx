import { useState } from 'react'
import { IconButton } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Pencil, Trash2 } from 'lucide-react'
import { customerTypeName, type Customer } from '../../../shared/schemas/customers'
import { T } from '../../../shared/texts'
import { listSearch } from '../../lib/list-search'
import { DataTable, listPaging } from '../../components/ui/data-table'
import { ListHeader } from '../../components/ui/list-header'
import { useConfirmedDelete } from '../../components/ui/use-confirmed-delete'
import { notify } from '../../components/ui/notify'
import { useCan } from '../../lib/auth'
import { customerKeys, customersQueryOptions, deleteCustomer } from '../../features/customers/api/customers'
import { CustomerDialog } from '../../features/customers/components/customer-dialog'

export const Route = createFileRoute('/_app/customers')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(customersQueryOptions(deps)),
  component: CustomersPage,
})

function CustomersPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const list = useQuery(customersQueryOptions(search))
  const { data } = list
  const queryClient = useQueryClient()
  const can = useCan()
  const [editing, setEditing] = useState<Customer | 'new' | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: customerKeys.all })
  const setSearch = (patch: Partial<typeof search>) => navigate({ search: (prev) => ({ ...prev, ...patch }) })
  const label = (c: Customer) => c.customer_number || c.name

  const remove = useConfirmedDelete({ remove: (c: Customer) => deleteCustomer(c.customer_id), onDeleted: refresh })

  return (
    <>
      <ListHeader title="Абоненты" search={search.search} onSearch={(text) => setSearch({ search: text, page: 1 })} onAdd={can('customers.change') ? () => setEditing('new') : undefined} />
      <DataTable
        label="Абоненты"
        columns={[
          { key: 'customer_number', header: 'Лицевой счёт', sort: 'customer_number' },
          { key: 'customer_type', header: 'Тип', sort: 'customer_type', render: (c) => customerTypeName(c.customer_type), hideBelow: 'md' },
          { key: 'name', header: 'Наименование', sort: 'name' },
          { key: 'last_name', header: 'Фамилия', sort: 'last_name', hideBelow: 'lg' },
          { key: 'first_name', header: 'Имя', sort: 'first_name', hideBelow: 'lg' },
          { key: 'middle_name', header: 'Отчество', sort: 'middle_name', hideBelow: 'lg' },
        ]}
        rows={data?.results ?? []}
        rowKey={(c) => c.customer_id}
        {...listPaging(search, setSearch, list)}
        onRowClick={can('customers.change') ? (c) => setEditing(c) : undefined}
        actions={
          can('customers.change')
            ? (c) => (
                <>
                  <IconButton size="sm" variant="ghost" aria-label={`Изменить ${label(c)}`} onClick={() => setEditing(c)}>
                    <Pencil />
                  </IconButton>
                  <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Удалить ${label(c)}`} onClick={() => void remove(c)}>
                    <Trash2 />
                  </IconButton>
                </>
              )
            : undefined
        }
      />
      <CustomerDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.customer_id}
        open={editing !== null}
        customer={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onDone={(created) => {
          notify.success(created ? T.customerAdded : T.saved)
          void refresh()
        }}
      />
    </>
  )
}
