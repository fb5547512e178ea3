import { useQuery } from '@tanstack/react-query'
import { groupInput, type Group } from '../../../../shared/schemas/groups'
import { T } from '../../../../shared/texts'
import { TextField } from '../../../components/ui/fields'
import { SaveDialog } from '../../../components/ui/form-dialog'
import { CheckboxList } from '../../../components/ui/checkbox-list'
import { useForm } from '../../../components/ui/use-form'
import { createGroup, permissionsQueryOptions, updateGroup } from '../api/groups'

/** Creates a group (group = null) or edits one: a name and the permissions it grants. */
export function GroupDialog({ group, onClose, onDone }: { group: Group | null; onClose: () => void; onDone: () => void }) {
  const { data: permissions = [] } = useQuery(permissionsQueryOptions())
  const form = useForm(groupInput, { name: group?.name ?? '', permissions: group?.permissions.map((p) => p.permission_id) ?? [] })
  return (
    <SaveDialog
      title={group ? 'Редактирование группы' : 'Новая группа прав'}
      width="800px"
      form={form}
      save={(body) => (group ? updateGroup(group.permissions_group_id, body) : createGroup(body))}
      saved={group ? T.saved : T.groupAdded}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField label="Название" required {...form.field('name')} />
      <CheckboxList
        legend="Права"
        columns={2}
        options={permissions.map((p) => ({ value: p.permission_id, label: p.name }))}
        value={form.values.permissions}
        onChange={(v) => form.set('permissions', v)}
      />
    </SaveDialog>
  )
}
