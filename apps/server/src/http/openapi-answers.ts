/**
 * Says spec §8's answer convention in the OpenAPI document (decision 0031): on every spec call HTTP 200
 * carries either the route's success envelope (status 0) or a refusal envelope (a non-zero business
 * status and its msg), and 401 the signed-out envelope (status 1000). docs/api/status-codes.md lists them.
 */
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { isSpecCall } from './errors';

type Json = Record<string, unknown>;

/** The refusal envelope: `{status, msg, data}` with data null or naming the refused field. */
const REFUSAL: Json = {
  type: 'object',
  description:
    'A business outcome other than success (spec §8): status 40000, 40100, 40101, 40300, 40400, 40900, 42200, 42201, 21000 or 30000, with msg in the caller’s language (docs/api/status-codes.md)',
  properties: {
    status: { type: 'integer' },
    msg: { type: 'string' },
    data: {
      type: 'object',
      nullable: true,
      properties: { field: { type: 'string', description: 'the refused input field' } },
    },
  },
  required: ['status', 'msg', 'data'],
};

const SIGNED_OUT: Json = {
  description: 'No token, or an expired or revoked session: status 1000 (the client offers to sign in again)',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
};

/**
 * `transformObject` of @fastify/swagger: adds the Refusal schema, makes each spec call's 200 answer
 * "success or refusal", and adds the 401 answer to each call that needs a session (the ones whose
 * `security` is not emptied).
 */
export const withAnswerConvention: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const { openapiObject } = documentObject;
  const doc = openapiObject as {
    components?: { schemas?: Json };
    paths?: Record<string, Record<string, { responses?: Record<string, Json>; security?: unknown[] }>>;
  };
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Refusal: REFUSAL } };
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    if (!isSpecCall(path)) continue;
    for (const op of Object.values(operations)) {
      const responses = op.responses ?? {};
      const ok = responses['200'] as
        | { description?: string; content?: Record<string, { schema?: Json }> }
        | undefined;
      const json = ok?.content?.['application/json'];
      if (json?.schema) json.schema = { oneOf: [json.schema, { $ref: '#/components/schemas/Refusal' }] };
      if (ok) ok.description = 'Success (status 0), or a business refusal with its status and msg (spec §8)';
      if (!(Array.isArray(op.security) && op.security.length === 0)) responses['401'] = SIGNED_OUT;
      op.responses = responses;
    }
  }
  return openapiObject;
};

/**
 * `transform` of @fastify/swagger: the routes' zod schemas as JSON Schema (jsonSchemaTransform), with
 * `security: []` on a public route, so the document says which calls need no token (and never a 401).
 */
export const transformRoute: SwaggerTransform = (arg) => {
  const out = jsonSchemaTransform(arg as Parameters<typeof jsonSchemaTransform>[0]);
  const config = arg.route.config as { public?: boolean; admin?: boolean } | undefined;
  if (config?.public && !config.admin) return { ...out, schema: { ...out.schema, security: [] } };
  return out;
};
