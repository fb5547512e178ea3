import { createFileRoute } from '@tanstack/react-router'
import { ListHeader } from '../../components/ui/list-header'
import { useListScreen } from '../../components/ui/list-screen'
import { listLoader, listRoute } from '../../lib/list-route'
import { listSearch } from '../../lib/list-search'
import { tasksQueryOptions } from '../../features/collection/api/collection'
import { TasksTable } from '../../features/collection/components/tasks-table'

export const Route = createFileRoute('/_app/tasks')({
  ...listRoute(listSearch),
  loader: listLoader(tasksQueryOptions),
  component: TasksPage,
})

function TasksPage() {
  const list = useListScreen(Route, tasksQueryOptions)
  return (
    <>
      <ListHeader title="Задания опроса" {...list.header} />
      <TasksTable table={list.table} showPoint />
    </>
  )
}
