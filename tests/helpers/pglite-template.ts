import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'

const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/server/db/migrations')

/** The migrations' own text names the template, so a changed or added migration makes a new one. */
function migrationsDigest(): string {
  const hash = createHash('sha256')
  const files = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(folder, entry.name)
      return entry.isDirectory() ? files(full) : [full]
    })
  for (const file of files(MIGRATIONS).sort()) hash.update(file).update(readFileSync(file))
  return hash.digest('hex').slice(0, 16)
}

/**
 * A dump of an embedded database with every migration applied, made once per set of migrations and shared by the
 * test files: each starts its own database from it instead of migrating one anew (seconds of CPU per file). Two
 * files that make it at once each write their own and rename it into place.
 */
export async function pgliteTemplate(): Promise<string> {
  const file = path.join(tmpdir(), `metering-pglite-${migrationsDigest()}.tar`)
  if (existsSync(file)) return file
  const pglite = new PGlite('memory://', { extensions: { pg_trgm } })
  await migrate(drizzle(pglite), { migrationsFolder: MIGRATIONS })
  const dump = await pglite.dumpDataDir('none')
  await pglite.close()
  const partial = `${file}.${process.pid}`
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
  renameSync(partial, file)
  return file
}
