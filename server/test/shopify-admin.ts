// A local stand-in for Shopify's Admin GraphQL API, as far as the discount push uses it: the two
// basic-code-discount mutations over real HTTP, in Shopify's wire format. It checks what Shopify
// checks (the path with its API version, the access token, the mutation, its variables), keeps
// the discounts the way a store does (codes unique ignoring case), and can be told to answer the
// way Shopify does when things go wrong: THROTTLED errors, 429 with Retry-After, 5xx, a slow answer.
// It records every request, so a test can prove a code was pushed once.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const STAND_IN_PATH = '/admin/api/2025-07/graphql.json';
const TAKEN = 'Code must be unique. Please try a different code.';

export interface StandInDiscount {
  id: string;
  code: string;
  title: string;
  percentage: number;
  startsAt: string | null;
  endsAt: string | null;
  appliesOncePerCustomer: boolean;
  customerSelectionAll: boolean;
  itemsAll: boolean;
  /** How many updates it took. */
  updates: number;
}

export interface AdminRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The field called (discountCodeBasicCreate, discountCodeBasicUpdate or codeDiscountNodeByCode), when the body named one. */
  operation: string | null;
  query: string | null;
  variables: Record<string, unknown> | null;
  /** The status answered (undefined while the answer is delayed). */
  status?: number;
}

/** An answer given instead of handling the next request. */
export type ScriptedAnswer =
  /** 200 with a THROTTLED GraphQL error and the cost extension (nothing done). */
  | { throttled: true; currentlyAvailable?: number; restoreRate?: number }
  /** This HTTP status (nothing done), with Retry-After when given. */
  | { status: number; retryAfter?: string }
  /** The request is done, then answered with this status: the caller cannot know it went through. */
  | { doneThenStatus: number };

export interface ShopifyAdminStandIn {
  /** The Admin GraphQL endpoint (SHOPIFY_ADMIN_API_URL). */
  url: string;
  token: string;
  readonly requests: AdminRequest[];
  /** The store's discounts by id. */
  readonly discounts: Map<string, StandInDiscount>;
  discountByCode(code: string): StandInDiscount | undefined;
  /** The requests of this mutation for this code (answered or not). */
  callsFor(operation: 'discountCodeBasicCreate' | 'discountCodeBasicUpdate', code: string): AdminRequest[];
  /** The lookups of this code (codeDiscountNodeByCode). */
  lookupsFor(code: string): AdminRequest[];
  /** A discount someone made in the store by hand: creating the same code is then refused. */
  addExisting(code: string): StandInDiscount;
  /** The next requests get these answers, in order. */
  script(...answers: ScriptedAnswer[]): void;
  /** Every request answers this status until set back to null. */
  failAll(status: number | null): void;
  /** Mutations are done at once but answered only after this many ms. */
  delayMs: number;
  /** The Dev Dashboard app whose client credentials /admin/oauth/access_token exchanges, when given. */
  readonly app: StandInApp | null;
  /** The tokens the client credentials grant issued, with when each expires (ms). */
  readonly issued: Map<string, number>;
  close(): Promise<void>;
}

/** A Dev Dashboard app installed on the store: its client credentials and its tokens' lifetime. */
export interface StandInApp {
  clientId: string;
  clientSecret: string;
  /** `expires_in` of the tokens issued (Shopify: 86399, a day). */
  lifetimeSeconds?: number;
  /** The scopes the app was granted, as the grant answers them. */
  scope?: string;
}

/** The client credentials grant's refusal of credentials it does not know (OAuth 2.0, RFC 6749 §5.2). */
export const CLIENT_REFUSED = {
  error: 'invalid_client',
  error_description:
    'Client authentication failed: the client ID or client secret is wrong, or the app is not installed on this store.',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The `extensions` Shopify sends with every answer: the query's cost and the throttle's state. */
export const cost = (currentlyAvailable = 1990, restoreRate = 100) => ({
  cost: {
    requestedQueryCost: 10,
    actualQueryCost: 10,
    throttleStatus: { maximumAvailable: 2000, currentlyAvailable, restoreRate },
  },
});

type UserError = { field: string[]; code: string; message: string };

/** What Shopify's schema checks before running anything: a wrong type is an INVALID_VARIABLE error. */
function invalidVariable(input: unknown): string | null {
  if (!isObject(input))
    return 'Variable $basicCodeDiscount of type DiscountCodeBasicInput! was provided invalid value';
  const gets = input.customerGets;
  const value = isObject(gets) ? gets.value : undefined;
  if (typeof input.code !== 'string' || typeof input.title !== 'string')
    return 'Variable $basicCodeDiscount of type DiscountCodeBasicInput! was provided invalid value for code, title';
  if (!isObject(value) || typeof value.percentage !== 'number')
    return 'Variable $basicCodeDiscount of type DiscountCodeBasicInput! was provided invalid value for customerGets.value.percentage (Expected value to be a Float)';
  return null;
}

/** What the store refuses after reading the input: userErrors. */
function validate(input: Record<string, unknown>, creating: boolean): UserError[] {
  const errors: UserError[] = [];
  const field = (...path: string[]) => ['basicCodeDiscount', ...path];
  const gets = input.customerGets as { value: { percentage: number }; items?: unknown };
  if (!(input.code as string).trim())
    errors.push({ field: field('code'), code: 'BLANK', message: "Code can't be blank" });
  if (!(input.title as string).trim())
    errors.push({ field: field('title'), code: 'BLANK', message: "Title can't be blank" });
  if (creating && typeof input.startsAt !== 'string')
    errors.push({ field: field('startsAt'), code: 'BLANK', message: "Starts at can't be blank" });
  const pct = gets.value.percentage;
  if (!(pct >= 0 && pct <= 1))
    errors.push({
      field: field('customerGets', 'value', 'percentage'),
      code: 'VALUE_OUTSIDE_RANGE',
      message: 'Value must be between 0.0 and 1.0',
    });
  if (!isObject(gets.items))
    errors.push({ field: field('customerGets', 'items'), code: 'BLANK', message: "Items can't be blank" });
  return errors;
}

/**
 * More of the Admin API, answered by other stand-in parts (the store connection's shop and webhook
 * subscriptions, the orders reconciliation reads): each top-level field a query or mutation calls,
 * with what answers it ([status, body] in Shopify's wire format). Scripted answers, failAll, the
 * token check and the request log apply to them as to the discounts.
 */
export type StandInHandlers = Record<string, (record: AdminRequest) => [number, unknown]>;

export async function startShopifyAdminStandIn(
  options: { token?: string; handlers?: StandInHandlers; port?: number; app?: StandInApp } = {},
): Promise<ShopifyAdminStandIn> {
  const handlers: StandInHandlers = options.handlers ?? {};
  const knownFields = [
    'discountCodeBasicCreate',
    'discountCodeBasicUpdate',
    'codeDiscountNodeByCode',
    ...Object.keys(handlers),
  ];
  const fieldCalled = new RegExp(`\\b(${knownFields.join('|')})\\s*[({]`);
  const token = options.token ?? `shpat_standin_${Math.random().toString(16).slice(2)}`;
  const requests: AdminRequest[] = [];
  const discounts = new Map<string, StandInDiscount>();
  const issued = new Map<string, number>();
  const app = options.app ?? null;
  const accepted = (given: unknown) =>
    given === token || (typeof given === 'string' && (issued.get(given) ?? 0) > Date.now());
  // The client credentials grant (POST /admin/oauth/access_token): form-encoded or JSON, as
  // Shopify takes it; a token that lives `expires_in` seconds.
  const grant = (body: string, contentType: string): [number, unknown] => {
    let fields: Record<string, unknown> = {};
    if (contentType.startsWith('application/json')) {
      try {
        const parsed: unknown = JSON.parse(body);
        if (isObject(parsed)) fields = parsed;
      } catch {
        return [400, { error: 'invalid_request', error_description: 'The request body is not valid JSON.' }];
      }
    } else fields = Object.fromEntries(new URLSearchParams(body));
    if (fields.grant_type !== 'client_credentials')
      return [
        400,
        { error: 'unsupported_grant_type', error_description: 'The grant type is not supported.' },
      ];
    if (!app || fields.client_id !== app.clientId || fields.client_secret !== app.clientSecret)
      return [400, CLIENT_REFUSED];
    const lifetime = app.lifetimeSeconds ?? 86_399;
    const made = `shpat_${randomBytes(16).toString('hex')}`;
    issued.set(made, Date.now() + lifetime * 1000);
    return [
      200,
      { access_token: made, scope: app.scope ?? 'read_orders,write_discounts', expires_in: lifetime },
    ];
  };
  const scripted: ScriptedAnswer[] = [];
  let failing: number | null = null;
  let nextId = 1_000_000;

  const byCode = (code: string) =>
    [...discounts.values()].find((d) => d.code.toLowerCase() === code.toLowerCase());

  function make(input: Record<string, unknown>): StandInDiscount {
    const gets = input.customerGets as { value: { percentage: number }; items?: { all?: unknown } };
    const selection = input.customerSelection as { all?: unknown } | undefined;
    const discount: StandInDiscount = {
      id: `gid://shopify/DiscountCodeNode/${nextId++}`,
      code: input.code as string,
      title: input.title as string,
      percentage: gets.value.percentage,
      startsAt: typeof input.startsAt === 'string' ? input.startsAt : null,
      endsAt: typeof input.endsAt === 'string' ? input.endsAt : null,
      appliesOncePerCustomer: input.appliesOncePerCustomer === true,
      customerSelectionAll: selection?.all === true,
      itemsAll: gets.items?.all === true,
      updates: 0,
    };
    discounts.set(discount.id, discount);
    return discount;
  }

  /** The GraphQL answer of one mutation: [status, body]. */
  function run(record: AdminRequest): [number, unknown] {
    const { operation, query, variables } = record;
    const handler = operation ? handlers[operation] : undefined;
    if (handler) return handler(record);
    if (!operation || !query) {
      return [
        200,
        {
          errors: [
            {
              message: `No field this stand-in knows (${knownFields.join(', ')})`,
              extensions: { code: 'undefinedField' },
            },
          ],
        },
      ];
    }
    if (operation === 'codeDiscountNodeByCode') {
      if (!/\$code\s*:\s*String!/.test(query) || typeof variables?.code !== 'string')
        return [
          200,
          {
            errors: [
              {
                message: 'Variable $code of type String! was provided invalid value',
                extensions: { code: 'INVALID_VARIABLE' },
              },
            ],
          },
        ];
      const found = byCode(variables.code);
      return [
        200,
        {
          data: {
            codeDiscountNodeByCode: found ? { id: found.id, codeDiscount: { title: found.title } } : null,
          },
          extensions: cost(),
        },
      ];
    }
    if (!/codeDiscountNode\s*\{\s*id\s*\}/.test(query) || !/userErrors\s*\{[^}]*message[^}]*\}/.test(query)) {
      return [
        200,
        {
          errors: [
            {
              message: `${operation} must select codeDiscountNode { id } and userErrors { message }`,
              extensions: { code: 'selectionMismatch' },
            },
          ],
        },
      ];
    }
    const creating = operation === 'discountCodeBasicCreate';
    const declared = creating
      ? /\$basicCodeDiscount\s*:\s*DiscountCodeBasicInput!/.test(query)
      : /\$id\s*:\s*ID!/.test(query) && /\$basicCodeDiscount\s*:\s*DiscountCodeBasicInput!/.test(query);
    if (!declared)
      return [
        200,
        {
          errors: [
            {
              message: 'Variables are not declared as Shopify types them',
              extensions: { code: 'variableMismatch' },
            },
          ],
        },
      ];
    const input = variables?.basicCodeDiscount;
    const invalid = invalidVariable(input);
    if (invalid) return [200, { errors: [{ message: invalid, extensions: { code: 'INVALID_VARIABLE' } }] }];
    const fields = input as Record<string, unknown>;
    const answer = (node: StandInDiscount | null, userErrors: UserError[]) =>
      [
        200,
        {
          data: { [operation]: { codeDiscountNode: node ? { id: node.id } : null, userErrors } },
          extensions: cost(),
        },
      ] as [number, unknown];

    const userErrors = validate(fields, creating);
    if (userErrors.length) return answer(null, userErrors);
    if (creating) {
      if (byCode(fields.code as string))
        return answer(null, [{ field: ['basicCodeDiscount', 'code'], code: 'TAKEN', message: TAKEN }]);
      return answer(make(fields), []);
    }
    const id = variables?.id;
    const existing = typeof id === 'string' ? discounts.get(id) : undefined;
    if (!existing)
      return answer(null, [{ field: ['id'], code: 'INVALID', message: 'Discount does not exist' }]);
    const other = byCode(fields.code as string);
    if (other && other.id !== existing.id)
      return answer(null, [{ field: ['basicCodeDiscount', 'code'], code: 'TAKEN', message: TAKEN }]);
    const gets = fields.customerGets as { value: { percentage: number } };
    Object.assign(existing, {
      code: fields.code,
      title: fields.title,
      percentage: gets.value.percentage,
      updates: existing.updates + 1,
    });
    if (typeof fields.startsAt === 'string') existing.startsAt = fields.startsAt;
    return answer(existing, []);
  }

  const standIn = { delayMs: 0 } as ShopifyAdminStandIn;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const record: AdminRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        operation: null,
        query: null,
        variables: null,
      };
      requests.push(record);
      const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        const reply = () => {
          record.status = status;
          res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
          res.end(JSON.stringify(json));
        };
        if (standIn.delayMs > 0) setTimeout(reply, standIn.delayMs);
        else reply();
      };

      if (record.path === '/admin/oauth/access_token' && record.method === 'POST') {
        const [status, json] = grant(body, String(req.headers['content-type'] ?? ''));
        return send(status, json);
      }
      if (record.path !== STAND_IN_PATH) return send(404, { errors: 'Not Found' });
      if (record.method !== 'POST') return send(405, { errors: 'Method Not Allowed' });
      if (!accepted(req.headers['x-shopify-access-token']))
        return send(401, {
          errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
        });
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json'))
        return send(400, { errors: { query: 'Required parameter missing or invalid' } });
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return send(400, { errors: { query: 'Required parameter missing or invalid' } });
      }
      if (!isObject(parsed) || typeof parsed.query !== 'string')
        return send(400, { errors: { query: 'Required parameter missing or invalid' } });
      record.query = parsed.query;
      record.variables = isObject(parsed.variables) ? parsed.variables : null;
      record.operation = fieldCalled.exec(parsed.query)?.[1] ?? null;

      const next = scripted.shift();
      if (next && 'throttled' in next) {
        return send(200, {
          errors: [
            {
              message: 'Throttled',
              extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
            },
          ],
          extensions: cost(next.currentlyAvailable ?? 0, next.restoreRate),
        });
      }
      if (next && 'doneThenStatus' in next) {
        run(record);
        return send(next.doneThenStatus, { errors: 'Internal Server Error' });
      }
      if (next)
        return send(
          next.status,
          {
            errors:
              next.status === 429
                ? 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.'
                : 'Internal Server Error',
          },
          next.retryAfter ? { 'retry-after': next.retryAfter } : {},
        );
      if (failing !== null) return send(failing, { errors: 'Internal Server Error' });
      const [status, json] = run(record);
      return send(status, json);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}${STAND_IN_PATH}`,
    token,
    requests,
    discounts,
    discountByCode: byCode,
    callsFor: (operation: 'discountCodeBasicCreate' | 'discountCodeBasicUpdate', code: string) =>
      requests.filter(
        (r) =>
          r.operation === operation &&
          isObject(r.variables?.basicCodeDiscount) &&
          String((r.variables.basicCodeDiscount as { code?: unknown }).code).toLowerCase() ===
            code.toLowerCase(),
      ),
    lookupsFor: (code: string) =>
      requests.filter(
        (r) =>
          r.operation === 'codeDiscountNodeByCode' &&
          String(r.variables?.code).toLowerCase() === code.toLowerCase(),
      ),
    addExisting: (code: string) =>
      make({
        code,
        title: `Manual ${code}`,
        startsAt: new Date().toISOString(),
        customerGets: { value: { percentage: 0.1 }, items: { all: true } },
        customerSelection: { all: true },
      }),
    app,
    issued,
    script: (...answers: ScriptedAnswer[]) => void scripted.push(...answers),
    failAll: (status: number | null) => void (failing = status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
