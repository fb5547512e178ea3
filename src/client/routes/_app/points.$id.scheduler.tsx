import { useEffect, useState } from 'react'
import { Button, HStack, Text } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { PAGE_SIZE_DEFAULT } from '../../../shared/constants'
import { T } from '../../../shared/texts'
import { LoadError } from '../../components/ui/load-error'
import { useCan } from '../../lib/auth'
import { tasksQueryOptions } from '../../features/collection/api/collection'
import { TaskFormDialog } from '../../features/collection/components/task-form-dialog'
import { TasksTable } from '../../features/collection/components/tasks-table'
import { usePointMeter } from '../../features/collection/components/use-point-meter'

export const Route = createFileRoute('/_app/points/$id/scheduler')({
  staticData: { permission: 'tasks.view' },
  component: PointSchedulerTab,
})

function PointSchedulerTab() {
  const pointId = Number(Route.useParams().id)
  const can = useCan()
  const { meter } = usePointMeter(pointId)
  const [page, setPage] = useState(1)
  const [perPage, setPerPage] = useState<number>(PAGE_SIZE_DEFAULT)
  const tasks = useQuery(tasksQueryOptions({ page, per_page: perPage, search: '', ordering: '', point_id: pointId }))
  // A delete may empty the last page: the page before it is shown then.
  const pages = Math.max(1, Math.ceil((tasks.data?.count ?? 0) / perPage))
  useEffect(() => {
    if (tasks.data && page > pages) setPage(pages)
  }, [tasks.data, page, pages])
  const [creating, setCreating] = useState(false)
  return (
    <>
      <HStack justify="space-between" mb="3" wrap="wrap">
        <Text color="fg.muted">{meter ? `Счётчик ${meter.serial_num} (${meter.model_name})` : T.noCounter}</Text>
        {can('tasks.change') && meter && (
          <Button colorPalette="blue" onClick={() => setCreating(true)}>
            <Plus size={16} aria-hidden /> Добавить задание
          </Button>
        )}
      </HStack>
      {tasks.isError ? (
        <LoadError error={tasks.error} title={T.loadFailed} onRetry={() => void tasks.refetch()} />
      ) : (
        <TasksTable
          table={{
            rows: tasks.data?.results ?? [],
            loading: tasks.isFetching,
            total: tasks.data?.count ?? 0,
            page,
            perPage,
            onPageChange: setPage,
            onPerPageChange: (size) => {
              setPerPage(size)
              setPage(1)
            },
          }}
        />
      )}
      {meter && creating && <TaskFormDialog counterId={meter.counter_id} task={null} open onClose={() => setCreating(false)} />}
    </>
  )
}
