// `npm run bench`: runs every benchmark script of tests/bench/ one after another; each prints its figures.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const dir = path.dirname(fileURLToPath(import.meta.url))
const only = process.argv.slice(2)
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .filter((f) => only.length === 0 || only.some((name) => f.includes(name)))
  .sort()

let failed = 0
for (const script of scripts) {
  console.log(`\n=== ${script}`)
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, script)], { stdio: 'inherit' })
  if (result.status !== 0) failed++
}
process.exit(failed === 0 ? 0 : 1)
