import { useQuery } from '@tanstack/react-query'
import { groupInput, type Group } from '../../../../shared/schemas/groups'
import { TextField } from '../../../components/ui/fields'
import { FormDialog } from '../../../components/ui/form-dialog'
import { CheckboxList } from '../../../components/ui/checkbox-list'
import { useForm } from '../../../components/ui/use-form'
import { createGroup, permissionsQueryOptions, updateGroup } from '../api/groups'

/** Creates a group (group = null) or edits one: a name and the permissions it grants. */
export function GroupDialog({ open, group, onClose, onDone }: { open: boolean; group: Group | null; onClose: () => void; onDone: (created: boolean) => void }) {
  const { data: permissions = [] } = useQuery(permissionsQueryOptions())
  const form = useForm(groupInput, { name: group?.name ?? '', permissions: group?.permissions.map((p) => p.permission_id) ?? [] })
  const onSubmit = form.submit(async (body) => {
    if (group) await updateGroup(group.permissions_group_id, body)
    else await createGroup(body)
    onClose()
    onDone(!group)
  })
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={group ? 'Редактирование группы' : 'Новая группа прав'}
      onSubmit={onSubmit}
      submitting={form.submitting}
      width="800px"
    >
      <TextField label="Название" required {...form.field('name')} />
      <CheckboxList
        legend="Права"
        columns={2}
        options={permissions.map((p) => ({ value: p.permission_id, label: p.name }))}
        value={form.values.permissions}
        onChange={(v) => form.set('permissions', v)}
      />
    </FormDialog>
  )
}
