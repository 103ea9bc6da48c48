// The OpenAPI 3.1 document of the API (docs/decisions/0055), built by @fastify/swagger from the routes'
// schemas, and its reference page (@fastify/swagger-ui, whose files are served from node_modules: it
// works offline). Both packages are development dependencies: only `npm run openapi`, the contract
// tests and `npm run dev` load them, never a production server.
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './security.ts';

interface OperationWithBody {
  requestBody?: { required?: boolean; content?: Record<string, { schema?: { type?: unknown } }> };
}

/** Where `npm run dev` serves the reference page (and the document at `${path}/json`). */
export const API_REFERENCE_PATH = '/development/api';

export async function registerApiDocument(app: FastifyInstance, options: { reference: boolean }): Promise<void> {
  const { default: swagger } = await import('@fastify/swagger');
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Deposit site API',
        version: '1',
        description:
          'The calls of the product specification (§7) as the reference server serves them. Every 4xx and 5xx ' +
          'answer is the one error format ({ errors: { field or "form": i18n key }, request_id }); ' +
          'state-changing calls carry the x-csrf-token header of GET /state/all.',
      },
    },
    // Each contract type is a component named as in contract/, not def-0, def-1...
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json['$id'] === 'string' ? json['$id'] : `def-${i}`,
    },
    // A body its schema allows to be missing (EmptyRequest, docs/decisions/0056) is not a required one,
    // though @fastify/swagger marks every declared body required.
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      for (const operations of Object.values(openapiObject.paths ?? {})) {
        for (const op of Object.values(operations as Record<string, OperationWithBody>)) {
          const type = op.requestBody?.content?.['application/json']?.schema?.type;
          if (op.requestBody && Array.isArray(type) && type.includes('null')) op.requestBody.required = false;
        }
      }
      return openapiObject;
    },
    // The single-page app's files, the sandbox's stand-ins for other sites and the operators' probes
    // are not calls of the API.
    transform: ({ schema, url }) => ({
      schema: isApiPath(url) ? schema : { ...schema, hide: true },
      url,
    }),
  });
  if (options.reference) {
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    // No online validator badge: the page asks nothing of another site.
    await app.register(swaggerUi, {
      routePrefix: API_REFERENCE_PATH,
      staticCSP: true,
      uiConfig: { validatorUrl: null },
    });
  }
}
