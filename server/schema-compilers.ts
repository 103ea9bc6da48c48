// Fastify compiles every route's validation (Ajv) and serialization (fast-json-stringify) when an app
// is made ready (docs/decisions/0055). A process that builds the app more than once (each test server,
// the benchmarks' servers) would compile the same schemas again each time: that was nine tenths of a
// test server's start. Here what is compiled is kept for the process, per set of shared schemas and
// options, and per distinct schema of a request part or an answer. A server that starts once, as in
// production, compiles exactly what it did before.
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** A compiler factory of Fastify's shape: (shared schemas, options) -> (one route's schema) -> compiled. */
type Factory<Route, Compiled> = (externalSchemas: unknown, options: unknown) => (route: Route) => Compiled;

/**
 * The same factory, keeping what it compiled: `routeKey` says which of the route's fields the result
 * depends on (its schema, and for an answer its status and media type; not the route's URL).
 */
function keeping<Route, Compiled>(
  factory: Factory<Route, Compiled>,
  routeKey: (route: Route) => unknown[],
): Factory<Route, Compiled> {
  const pools = new Map<string, { compile: (route: Route) => Compiled; compiled: Map<string, Compiled> }>();
  return (externalSchemas, options) => {
    const poolKey = JSON.stringify([externalSchemas, options]);
    let pool = pools.get(poolKey);
    if (!pool) {
      pool = { compile: factory(externalSchemas, options), compiled: new Map() };
      pools.set(poolKey, pool);
    }
    const { compile, compiled } = pool;
    return (route) => {
      const key = JSON.stringify(routeKey(route));
      let done = compiled.get(key);
      if (done === undefined) {
        done = compile(route);
        compiled.set(key, done);
      }
      return done;
    };
  };
}

interface RouteSchema {
  schema: unknown;
  httpStatus?: string;
  /** Named by Fastify for an answer given per media type. */
  contentType?: string;
}

/** The server's `schemaController.compilersFactory`. */
export const schemaCompilers = {
  buildValidator: keeping(AjvCompiler() as Factory<RouteSchema, unknown>, (r) => [r.schema]),
  buildSerializer: keeping(SerializerSelector() as Factory<RouteSchema, unknown>, (r) => [
    r.schema,
    r.httpStatus,
    r.contentType,
  ]),
} as unknown as CompilersFactory;
