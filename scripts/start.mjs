// `npm start`: builds the console when it is missing or older than its sources, then runs the server.
import { spawnSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const built = path.join(root, 'dist', 'index.html')

/** @param {string} dir @returns {number} */
function newest(dir) {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs)
  }
  return latest
}

const sources = Math.max(
  newest(path.join(root, 'src', 'client')),
  newest(path.join(root, 'src', 'shared')),
  newest(path.join(root, 'sw')),
  statSync(path.join(root, 'index.html')).mtimeMs,
)
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Сборка консоли…')
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'server', 'main.ts')], { cwd: root, stdio: 'inherit' })
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
