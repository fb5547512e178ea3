import type { FastifyInstance } from 'fastify'
import { idParams, listQuery } from '../../shared/schemas/common'
import { groupInput, groupUpdate } from '../../shared/schemas/groups'
import { createAudited, deleteAudited, updateAudited } from '../lib/audited-writes'
import { readRoutes } from '../lib/row-route'
import type { Req } from '../lib/route-types'
import { changeGroup, createGroup, deleteGroup, findGroup, listGroups, listPermissions } from '../repositories/groups'

type IdReq = Req<{ params: typeof idParams }>

/** Permission groups; a write changes rights, so the cached rights of signed-in users are dropped after it. */
export async function groupRoutes(app: FastifyInstance) {
  const view = { permission: 'groups.view' } as const
  const manage = { permission: 'groups.manage' } as const

  app.get('/api/permissions/', { config: view }, async () => listPermissions(app.db))

  readRoutes(app, '/api/permissions_groups/', view, listQuery, listGroups, findGroup)

  app.post('/api/permissions_groups/', { config: manage, schema: { body: groupInput } }, async (request: Req<{ body: typeof groupInput }>, reply) => {
    const created = await createAudited(request, reply, {
      entity: 'permissions_group',
      create: (tx) => createGroup(tx, request.user().user_id, request.body),
      find: findGroup,
    })
    app.auth.invalidate()
    return created
  })

  app.patch(
    '/api/permissions_groups/:id/',
    { config: manage, schema: { params: idParams, body: groupUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof groupUpdate }>, reply) => {
      const updated = await updateAudited(request, reply, {
        entity: 'permissions_group',
        id: request.params.id,
        find: findGroup,
        change: (tx, before) => changeGroup(tx, request.user().user_id, before, request.body),
      })
      app.auth.invalidate()
      return updated
    },
  )

  app.delete('/api/permissions_groups/:id/', { config: manage, schema: { params: idParams } }, async (request: IdReq, reply) => {
    await deleteAudited(request, reply, {
      entity: 'permissions_group',
      id: request.params.id,
      find: findGroup,
      remove: (tx, before) => deleteGroup(tx, request.user().user_id, before),
    })
    app.auth.invalidate()
  })
}
