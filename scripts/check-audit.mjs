// `npm run check:audit`: `npm audit --omit=dev --audit-level=high`, failing only on a high or critical advisory
// for a runtime dependency. Where the registry does not answer the advisory endpoint (this machine's mirror says
// 405), it says so and, as the best check left, lists runtime dependencies behind the newest release of their
// own major line: those updates carry fixes without breaking changes by semver.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** @param {string[]} args @returns {any} npm's JSON answer, or null when there is none */
function npmJson(args) {
  const run = spawnSync('npm', [...args, '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  try {
    return JSON.parse(run.stdout)
  } catch {
    return null
  }
}

const major = (/** @type {string} */ version) => Number(version.split('.')[0])

const audit = npmJson(['audit', '--omit=dev', '--audit-level=high'])
const counts = audit?.metadata?.vulnerabilities
if (counts) {
  for (const [name, found] of Object.entries(audit.vulnerabilities ?? {})) {
    const titles = found.via.filter((/** @type {any} */ via) => typeof via === 'object').map((/** @type {any} */ via) => via.title)
    console.log(`${found.severity.padEnd(8)} ${name} ${found.range}${titles.length ? ` — ${titles.join('; ')}` : ''}`)
  }
  const serious = counts.high + counts.critical
  console.log(`npm audit: ${counts.total} runtime packages with advisories, ${serious} of them high or critical.`)
  process.exit(serious > 0 ? 1 : 0)
}

console.log(`npm audit could not run: ${audit?.message ?? audit?.error?.summary ?? 'no answer from the advisory endpoint'}.`)
console.log('No advisory was checked. Instead: runtime dependencies behind the newest release of their major line.\n')

const runtime = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).dependencies ?? {})
const tree = npmJson(['ls', '--omit=dev'])
if (tree?.problems?.length) console.log(`npm ls reports problems in the installed tree:\n  ${tree.problems.join('\n  ')}\n`)

// `npm outdated` lists direct dependencies (dev ones too, whatever --omit says): keep the runtime ones.
const outdated = npmJson(['outdated', '--omit=dev']) ?? {}
let behind = 0
for (const name of runtime.filter((dep) => outdated[dep]?.current)) {
  const { current, latest } = outdated[name]
  // When the newest release is of a later major, ask for the newest of the installed one.
  const line = major(latest) === major(current) ? latest : npmJson(['view', `${name}@>=${major(current)}.0.0 <${major(current) + 1}.0.0`, 'version'])
  const newest = Array.isArray(line) ? line.at(-1) : line
  if (typeof newest !== 'string' || newest === current) continue
  behind++
  console.log(`${name.padEnd(40)} ${current.padEnd(10)} → ${newest}${newest === latest ? '' : ` (latest ${latest})`}`)
}
console.log(
  behind
    ? `\n${behind} of ${runtime.length} runtime dependencies are behind their major line.`
    : `All ${runtime.length} runtime dependencies are the newest of their major line.`,
)
