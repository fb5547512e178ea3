import { useState } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { T } from '../../../shared/texts'
import { customerTypeName, type Customer } from '../../../shared/schemas/customers'
import { listSearch } from '../../lib/list-search'
import { DataTable } from '../../components/ui/data-table'
import { ListHeader } from '../../components/ui/list-header'
import { useListScreen } from '../../components/ui/list-screen'
import { listLoader, listRoute } from '../../lib/list-route'
import { DeleteAction, EditAction } from '../../components/ui/row-actions'
import { useConfirmedDelete } from '../../components/ui/use-confirmed-write'
import { useCan } from '../../lib/auth'
import { customersQueryOptions, useDeleteCustomer } from '../../features/customers/api/customers'
import { CustomerDialog } from '../../features/customers/components/customer-dialog'

export const Route = createFileRoute('/_app/customers')({
  ...listRoute(listSearch),
  loader: listLoader(customersQueryOptions),
  component: CustomersPage,
})

function CustomersPage() {
  const list = useListScreen(Route, customersQueryOptions)
  const can = useCan()
  const [editing, setEditing] = useState<Customer | 'new' | null>(null)
  const remove = useConfirmedDelete(useDeleteCustomer(), T.deleteWhat.customer, (c) => c.name || c.customer_number)
  const label = (c: Customer) => c.customer_number || c.name

  return (
    <>
      <ListHeader title="Абоненты" {...list.header} onAdd={can('customers.change') ? () => setEditing('new') : undefined} />
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
        rowKey={(c) => c.customer_id}
        {...list.table}
        onRowClick={can('customers.change') ? (c) => setEditing(c) : undefined}
        actions={
          can('customers.change')
            ? (c) => (
                <>
                  <EditAction name={label(c)} onClick={() => setEditing(c)} />
                  <DeleteAction name={label(c)} onClick={() => remove(c)} />
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
        onDone={() => void list.refresh()}
      />
    </>
  )
}
