import type { FastifyRequest } from 'fastify'
import type * as v from 'valibot'

type Out<S> = S extends v.GenericSchema ? v.InferOutput<S> : unknown

/** The request of a route whose body, query and path are checked by the given shared schemas. */
export type Req<S extends { body?: v.GenericSchema; query?: v.GenericSchema; params?: v.GenericSchema }> = FastifyRequest<{
  Body: Out<S['body']>
  Querystring: Out<S['query']>
  Params: Out<S['params']>
}>

/** A path as the spec writes it, without the trailing slash, and with it: the console and the spec's clients use both. */
export const bothSpellings = (path: string) => [path, `${path}/`]
