import type { FastifyInstance } from 'fastify'
import { mirrorQuery } from '../../shared/schemas/mirror'
import type { Permission } from '../../shared/permissions'
import { JSON_CONTENT_TYPE } from '../lib/sql-json'
import type { Req } from '../lib/route-types'
import {
  counterCardsSince,
  counterIds,
  installationIds,
  installationsSince,
  installedCounterIds,
  mirrorCursor,
  pointCardsSince,
  pointIds,
  readingsSince,
  representIds,
  representsSince,
} from '../repositories/mirror'

/** A section of the answer: the changed rows as JSON text, and every id there is now. */
const section = (changed: string, ids: number[]) => `{"changed":${changed},"ids":${JSON.stringify(ids)}}`
const cardArray = (cards: string[]) => `[${cards.join(',')}]`

/**
 * The offline mirror's one call: the points, meters, objects, installations and meters' latest readings changed since
 * the cursor the last answer gave (all of them without `since`), and their ids, from which the device learns deletions. Each kind is sent
 * only to a staff user who may view it (null otherwise), so any signed-in user may call it. The busy lists' statements
 * are left as they are: this reads by `changed_at` (migration 0026) and the stored cards.
 */
export async function mirrorRoutes(app: FastifyInstance) {
  app.get('/api/mirror/', { config: { access: 'user' }, schema: { querystring: mirrorQuery } }, async (request: Req<{ query: typeof mirrorQuery }>, reply) => {
    const user = request.user()
    const may = (permission: Permission) => user.is_stuff && user.permissions.has(permission)
    const from = request.query.since === undefined ? undefined : new Date(request.query.since)
    // The cursor is read first: whatever is written while the sections are read is sent again next time.
    const cursor = await mirrorCursor(app.db)
    const points = may('points.view') ? section(cardArray(await pointCardsSince(app.db, from)), await pointIds(app.db)) : 'null'
    const counters = may('counters.view') ? section(cardArray(await counterCardsSince(app.db, from)), await counterIds(app.db)) : 'null'
    const represents = may('represents.view') ? section(JSON.stringify(await representsSince(app.db, from)), await representIds(app.db)) : 'null'
    const installations = may('points.view')
      ? section(JSON.stringify(await installationsSince(app.db, from, may('counters.view'))), await installationIds(app.db))
      : 'null'
    // The latest readings go with the meters' view, as the meter's current data (get_current_data) does.
    const readings = may('counters.view') ? section(JSON.stringify(await readingsSince(app.db, from)), await installedCounterIds(app.db)) : 'null'
    return reply
      .type(JSON_CONTENT_TYPE)
      .send(
        `{"cursor":${JSON.stringify(cursor)},"points":${points},"counters":${counters},"represents":${represents},` +
          `"installations":${installations},"readings":${readings}}`,
      )
  })
}
