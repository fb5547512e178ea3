import type { FastifyInstance } from 'fastify'
import { idParams } from '../../shared/schemas/common'
import { groupInput, groupListQuery, groupUpdate } from '../../shared/schemas/groups'
import { audit } from '../lib/audit'
import { notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import { changeGroup, createGroup, deleteGroup, findGroup, listGroups, listPermissions } from '../repositories/groups'

export async function groupRoutes(app: FastifyInstance) {
  app.get('/api/permissions/', { config: { permission: 'groups.view' } }, async () =>
    listPermissions(app.db),
  )

  app.get('/api/permissions_groups/', { config: { permission: 'groups.view' }, schema: { querystring: groupListQuery } }, async (request: Req<{ query: typeof groupListQuery }>) =>
    listGroups(app.db, request.query),
  )

  app.get('/api/permissions_groups/:id/', { config: { permission: 'groups.view' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>) => {
    const group = await findGroup(app.db, request.params.id)
    if (!group) throw notFound()
    return group
  })

  app.post('/api/permissions_groups/', { config: { permission: 'groups.manage' }, schema: { body: groupInput } }, async (request: Req<{ body: typeof groupInput }>, reply) => {
    const created = await mutate(
      request,
      reply,
      async (tx) => {
        const group = await createGroup(tx, request.user().user_id, request.body)
        await audit(tx, request, 'permissions_group', group.permissions_group_id, 'create', null, group)
        return group
      },
      { status: 201 },
    )
    app.auth.invalidate()
    return created
  })

  app.patch(
    '/api/permissions_groups/:id/',
    { config: { permission: 'groups.manage' }, schema: { params: idParams, body: groupUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof groupUpdate }>, reply) => {
      const id = request.params.id
      const updated = await mutate(request, reply, async (tx) => {
        const { before, after } = await changeGroup(tx, request.user().user_id, id, request.body)
        await audit(tx, request, 'permissions_group', id, 'update', before, after)
        return after
      })
      app.auth.invalidate()
      return updated
    },
  )

  app.delete('/api/permissions_groups/:id/', { config: { permission: 'groups.manage' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>, reply) => {
    await mutate(
      request,
      reply,
      async (tx) => {
        const before = await findGroup(tx, request.params.id)
        if (!before) throw notFound()
        await deleteGroup(tx, request.params.id)
        await audit(tx, request, 'permissions_group', request.params.id, 'delete', before, null)
      },
      { status: 204 },
    )
    app.auth.invalidate()
  })
}
