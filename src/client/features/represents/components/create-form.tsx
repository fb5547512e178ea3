import { Box, Stack } from '@chakra-ui/react'
import { useNavigate } from '@tanstack/react-router'
import { representCreate } from '../../../../shared/schemas/represents'
import { T } from '../../../../shared/texts'
import { FormActions, TextField } from '../../../components/ui/fields'
import { PageHeader } from '../../../components/ui/page-header'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { useCreateRepresent } from '../api/represents'

/** A new object at the top level or under `parentId`; on success the object's screen opens. */
export function CreateRepresentForm({ parentId, parentName }: { parentId: number | null; parentName?: string }) {
  const navigate = useNavigate()
  const form = useForm(representCreate, { name: '', remark: '' })
  const createRepresent = useCreateRepresent()
  const onSubmit = form.submit(async (body) => {
    const created = await createRepresent.mutateAsync({ ...body, parent_id: parentId })
    notify.success(T.representAdded)
    await navigate({ to: '/represents/$representId', params: { representId: created.represent_id } })
  })
  return (
    <>
      <PageHeader title={parentName ? `Новый объект в «${parentName}»` : 'Новый объект'} />
      <Box as="form" onSubmit={onSubmit} maxW="2xl">
        <Stack gap="4">
          <TextField label="Название" required autoFocus {...form.field('name')} />
          <TextField label="Примечание" multiline {...form.field('remark')} />
          <FormActions dirty={form.dirty} submitting={form.submitting} onCancel={() => void navigate({ to: '/' })} saveLabel="Создать" showNoChanges />
        </Stack>
      </Box>
    </>
  )
}
