import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { T } from '../../shared/texts'

/**
 * An API path however it is written (`//api/`, `/API/`, `/api%2F`): its 404 is the API's, never the shell. A path
 * that does not decode never comes here: the router refuses it first (400).
 */
const API_PATH = /^\/+api(\/|$)/i

/** Serves the built console; every path that is not /api/ and not a file gets index.html (SPA fallback). */
export async function serveConsole(app: FastifyInstance, options: { root: string }) {
  if (!existsSync(path.join(options.root, 'index.html'))) {
    app.log.warn({ root: options.root }, 'console is not built: run `npm run build`')
  }
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      // Hashed assets never change; the shell, the manifest and the service worker must be revalidated.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/'
    if (API_PATH.test(decodeURIComponent(url)) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ detail: T.notFound })
    }
    // A missing file with an extension is a real 404, not the shell.
    if (/\.[a-z0-9]{2,5}$/i.test(url)) return reply.code(404).send({ detail: T.notFound })
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html')
  })
}
