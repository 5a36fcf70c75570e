// One contract between the server and the SPA: every route declares what it answers on success
// (a 2xx, or a redirect), as a zod schema from common/contracts/, and the OpenAPI document shows
// it. A JSON answer is an object schema; a file or a stream is `fileAnswer` with its media type
// in `produces`; a 204 or a redirect is `noBody`. The SPA types its calls by the same schemas.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { isFileAnswer } from '../common/contracts/answers';
import { createTestApp } from './test/app';
import type { TestApp } from './test/app';

interface OpenApiOperation {
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: Record<string, unknown> }> }
  >;
}
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

const isSuccess = (code: string) => /^(2(\d\d|xx)|3\d\d)$/i.test(code);
const isJsonType = (mediaType: string) => mediaType.includes('json');
const zodOf = (schema: unknown): z.ZodType | undefined => {
  if (schema instanceof $ZodType) return schema as z.ZodType;
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return properties instanceof $ZodType ? (properties as z.ZodType) : undefined;
};
const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/** What is wrong with a route's declared success answers, or null when nothing is. */
function answerProblem(route: RouteOptions): string | null {
  const schema = (route.schema ?? {}) as { response?: Record<string, unknown>; produces?: string[] };
  const answers = Object.entries(schema.response ?? {}).filter(([code]) => isSuccess(code));
  if (answers.length === 0) return 'no success answer schema';
  const fileTypes = (schema.produces ?? []).filter((type) => !isJsonType(type));
  for (const [code, answer] of answers) {
    const zod = zodOf(answer);
    if (!zod) return `the ${code} answer is not a zod schema`;
    if (code === '204' || code.startsWith('3')) {
      if (!(zod instanceof z.ZodUndefined) || !zod.description)
        return `the ${code} answer is not a described noBody`;
    } else if (isFileAnswer(zod)) {
      if (fileTypes.length === 0) return `the ${code} answer is a file without its media type in produces`;
    } else {
      if (fileTypes.length > 0) return `produces ${fileTypes.join(', ')} but the ${code} answer is JSON`;
      const objects = zod instanceof z.ZodUnion ? zod.options : [zod];
      if (!objects.every((option) => option instanceof z.ZodObject))
        return `the ${code} answer is not an object schema`;
    }
  }
  return null;
}

/** Each route's problems as `METHOD /path: problem`. Fastify's automatic HEAD twins of GETs are left out. */
function answerProblems(routes: RouteOptions[]): string[] {
  const gets = new Set(routes.filter((r) => methodsOf(r).includes('GET')).map((r) => r.url));
  return routes.flatMap((route) => {
    const methods = methodsOf(route).filter((m) => !(m === 'HEAD' && gets.has(route.url)));
    const problem = methods.length > 0 && answerProblem(route);
    return problem ? methods.map((m) => `${m} ${route.url}: ${problem}`) : [];
  });
}

/** Each documented operation whose success answer the OpenAPI document does not describe. */
function undocumentedAnswers(doc: OpenApiDocument, routes: RouteOptions[]): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    if ((route.schema as { hide?: boolean } | undefined)?.hide) continue;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    for (const method of methodsOf(route)) {
      if (method === 'HEAD') continue;
      const operation = doc.paths[path]?.[method.toLowerCase()];
      if (!operation) {
        problems.push(`${method} ${route.url}: not in the document`);
        continue;
      }
      const answers = Object.entries(operation.responses ?? {}).filter(([code]) => isSuccess(code));
      const described = answers.some(([code, answer]) => {
        if (code === '204' || code.startsWith('3'))
          return !answer.content && answer.description !== 'Default Response';
        return Object.values(answer.content ?? {}).some(
          (media) => media.schema && Object.keys(media.schema).length > 0,
        );
      });
      if (!described) problems.push(`${method} ${route.url}: no documented success answer`);
    }
  }
  return problems;
}

describe('the contract of the answers', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    t = await createTestApp({ build: { onRoute: (route) => void routes.push(route) } });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('walks the whole API', () => {
    const urls = routes.map((r) => r.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/manager/payouts',
        '/api/manager/payouts/:id',
        '/api/docs',
      ]),
    );
    expect(routes.length).toBeGreaterThan(150);
  });

  it('has a success answer schema on every route', () => {
    expect(answerProblems(routes)).toEqual([]);
  });

  it('shows every route’s success answer in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(undocumentedAnswers(res.json() as OpenApiDocument, routes)).toEqual([]);
  });

  it('documents files by their media type, and answers without a body by their description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as OpenApiDocument;
    const pdf = doc.paths['/api/invoices/{id}/pdf']?.get?.responses?.['200'];
    expect(pdf).toEqual({
      description: 'The invoice, `<number>.pdf`',
      content: {
        'application/pdf': {
          schema: { type: 'string', format: 'binary', description: 'The invoice, `<number>.pdf`' },
        },
      },
    });
    expect(doc.paths['/api/manager/content/gallery/{id}']?.delete?.responses?.['204']).toEqual({
      description: 'Removed',
    });
    expect(
      Object.keys(doc.paths['/api/manager/payouts/{id}']?.get?.responses?.['200']?.content ?? {}),
    ).toEqual(['application/json']);
  });
});

describe('the contract check', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    t = await createTestApp({ build: { onRoute: (route) => void routes.push(route) } });
    // Planted after the app's own routes: one without an answer schema, one whose PDF is typed as JSON.
    t.app.get('/api/test/unanswered', { schema: { summary: 'Planted' } }, async () => ({ data: 1 }));
    t.app.get(
      '/api/test/pdf',
      {
        schema: {
          summary: 'Planted',
          produces: ['application/pdf'],
          response: { 200: z.object({ data: z.number() }) },
        },
      },
      async () => ({ data: 1 }),
    );
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('names each route that answers without a schema', async () => {
    expect(answerProblems(routes)).toEqual([
      'GET /api/test/unanswered: no success answer schema',
      'GET /api/test/pdf: produces application/pdf but the 200 answer is JSON',
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(undocumentedAnswers(res.json() as OpenApiDocument, routes)).toEqual([
      'GET /api/test/unanswered: no documented success answer',
    ]);
  });
});
