// The Shopify Admin GraphQL API, as far as the discount push needs it (docs/product/links-and-integrations.md#discount-push): one
// partner code as a basic code discount, created, or updated when staff changed its discount.
// The address comes from configuration (SHOPIFY_ADMIN_API_URL, else the shop's own), so tests
// point it at server/test/shopify-admin.ts.
//
// What Shopify does, and what this client is built on:
// - Every call is POST {query, variables} with the app's token in X-Shopify-Access-Token.
// - A mutation the store refuses (the code exists, a bad value) still answers HTTP 200, with
//   `userErrors` [{field, code, message}] beside a null `codeDiscountNode`: asking again gets
//   the same answer, so it is kept for staff, never retried by itself.
// - GraphQL calls are rate limited by query cost: over the limit, the answer is HTTP 200 with
//   `errors` whose extensions.code is THROTTLED, and `extensions.cost.throttleStatus` (points
//   available, restore rate per second) says how long to wait. A plain HTTP 429 may come too,
//   with Retry-After in seconds. Either is transient: wait, then ask again.
// - 5xx, a time-out or no connection are transient. 401 (a bad or revoked token), 403 (a token
//   without the write_discounts scope), 402/423 (shop frozen or locked), 404 (a wrong address or
//   API version) are refusals a person must fix.
// - Discount codes are unique in a store: a create sent again after an answer that never came
//   can at worst be refused as a duplicate (TAKEN), never make a second discount; then
//   codeDiscountNodeByCode tells whose discount holds the code (ours carry our title).
import { z } from 'zod';

export const SHOPIFY_ADMIN_API_VERSION = '2025-07';

export interface ShopifyAdminSettings {
  /** The Admin GraphQL endpoint, e.g. https://shop.myshopify.com/admin/api/2025-07/graphql.json */
  url: string;
  token: string;
  timeoutMs?: number;
}

export interface PartnerDiscount {
  /** The code as customers type it. */
  code: string;
  /** Percentage off as a fraction: 0.15 for 15%. */
  percentage: number;
  /** When the discount begins (a create only; an update keeps the store's). */
  startsAt?: Date;
}

export interface ShopifyUserError {
  field: string[] | null;
  code: string | null;
  message: string;
}

/** No definitive answer (5xx, throttled, time-out, network): ask again later. */
export class ShopifyTransientError extends Error {
  constructor(
    message: string,
    /** How long the store asked us to wait (Retry-After, or the cost the throttle needs restored); null when it did not say. */
    readonly retryAfterMs: number | null,
    /** The store is rate limiting us (THROTTLED or 429): nothing is wrong with the request. */
    readonly throttled: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ShopifyTransientError';
  }
}

/** A definitive answer that is not a success: the same request gets the same answer. */
export class ShopifyRefusedError extends Error {
  constructor(
    message: string,
    readonly userErrors: ShopifyUserError[] = [],
    readonly status?: number,
    /** The store's own words, when it said something (a 401's "[API] Invalid API key or access token ..."). */
    readonly said: string = '',
  ) {
    super(message);
    this.name = 'ShopifyRefusedError';
  }
}

export interface ShopifyAdminClient {
  /** discountCodeBasicCreate: answers the store's id of the new discount (a gid). */
  createDiscountCode(discount: PartnerDiscount): Promise<{ id: string }>;
  /** discountCodeBasicUpdate of the discount the store knows by `id`. */
  updateDiscountCode(id: string, discount: PartnerDiscount): Promise<{ id: string }>;
  /** codeDiscountNodeByCode: the store's discount with this code (any case), or null. */
  findDiscountCode(code: string): Promise<{ id: string; title: string | null } | null>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

const PAYLOAD_SELECTION = 'codeDiscountNode { id } userErrors { field code message }';
export const CREATE_MUTATION = `mutation PartnerCodeCreate($basicCodeDiscount: DiscountCodeBasicInput!) {
  discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) { ${PAYLOAD_SELECTION} }
}`;
export const UPDATE_MUTATION = `mutation PartnerCodeUpdate($id: ID!, $basicCodeDiscount: DiscountCodeBasicInput!) {
  discountCodeBasicUpdate(id: $id, basicCodeDiscount: $basicCodeDiscount) { ${PAYLOAD_SELECTION} }
}`;
export const LOOKUP_QUERY = `query PartnerCodeLookup($code: String!) {
  codeDiscountNodeByCode(code: $code) { id codeDiscount { ... on DiscountCodeBasic { title } } }
}`;

const userErrorSchema = z.looseObject({
  field: z.array(z.string()).nullish(),
  code: z.string().nullish(),
  message: z.string(),
});

const payloadSchema = z.looseObject({
  codeDiscountNode: z.looseObject({ id: z.string().min(1) }).nullish(),
  userErrors: z.array(userErrorSchema).default([]),
});

const graphqlErrorSchema = z.looseObject({
  message: z.string().default(''),
  extensions: z.looseObject({ code: z.string().optional() }).optional(),
});

const lookupSchema = z.looseObject({
  id: z.string().min(1),
  codeDiscount: z.looseObject({ title: z.string().optional() }).nullish(),
});

const answerSchema = z.looseObject({
  data: z.record(z.string(), z.unknown()).nullish(),
  // Shopify writes `errors` as a list of GraphQL errors, or as a bare string on a 401.
  errors: z.union([z.array(graphqlErrorSchema), z.string()]).optional(),
  extensions: z
    .looseObject({
      cost: z
        .looseObject({
          requestedQueryCost: z.number().optional(),
          throttleStatus: z
            .looseObject({ currentlyAvailable: z.number(), restoreRate: z.number() })
            .optional(),
        })
        .optional(),
    })
    .optional(),
});

type Answer = z.infer<typeof answerSchema>;

/** The title staff see in the store's discount list. */
export const discountTitle = (code: string) => `Partner code ${code}`;

/** The DiscountCodeBasicInput of a partner code: percentage off everything, once per customer, no end. */
export function discountInput(discount: PartnerDiscount) {
  if (!(discount.percentage > 0 && discount.percentage <= 1))
    throw new RangeError(`not a percentage between 0 and 1: ${discount.percentage}`);
  return {
    title: discountTitle(discount.code),
    code: discount.code,
    ...(discount.startsAt ? { startsAt: discount.startsAt.toISOString() } : {}),
    customerSelection: { all: true },
    customerGets: { value: { percentage: discount.percentage }, items: { all: true } },
    appliesOncePerCustomer: true,
  };
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** How long the cost throttle needs to restore the points this call asked for. */
function throttleWaitMs(answer: Answer | null): number | null {
  const cost = answer?.extensions?.cost;
  const status = cost?.throttleStatus;
  if (!status || !(status.restoreRate > 0)) return null;
  const missing = Math.max(1, (cost.requestedQueryCost ?? 10) - status.currentlyAvailable);
  return Math.ceil((missing / status.restoreRate) * 1000);
}

const describeErrors = (errors: { message: string }[]) =>
  errors
    .map((e) => e.message.trim())
    .filter(Boolean)
    .join('; ');

/** One Admin GraphQL call at a time, every caller of the API alike (discounts, the store connection, reconciliation). */
export interface ShopifyGraphql {
  /**
   * Sends `query` with `variables`; answers `data[field]` (undefined when absent), or throws what
   * the answer stands for: ShopifyTransientError (ask again later) or ShopifyRefusedError. `what`
   * names the call in those errors' messages.
   */
  request(field: string, query: string, variables: Record<string, unknown>, what: string): Promise<unknown>;
}

export function createShopifyGraphql(
  settings: ShopifyAdminSettings,
  fetchImpl: typeof fetch = fetch,
): ShopifyGraphql {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function request(
    field: string,
    query: string,
    variables: Record<string, unknown>,
    what: string,
  ): Promise<unknown> {
    let res: Response;
    let text: string;
    try {
      res = await fetchImpl(settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-shopify-access-token': settings.token,
        },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new ShopifyTransientError(`Shopify did not answer ${what} within ${timeoutMs} ms`, null, false);
      const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
      const reason =
        typeof cause?.code === 'string'
          ? cause.code
          : error instanceof Error
            ? error.message
            : 'unknown error';
      throw new ShopifyTransientError(`Shopify unreachable for ${what}: ${reason}`, null, false);
    }

    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const parsed = answerSchema.safeParse(body);
    const answer = parsed.success ? parsed.data : null;
    const errors = Array.isArray(answer?.errors) ? answer.errors : [];
    const errorText = typeof answer?.errors === 'string' ? answer.errors : describeErrors(errors);
    const said = errorText ? `: ${errorText}` : '';
    const wait = retryAfterMs(res.headers.get('retry-after'));

    if (res.status === 429)
      throw new ShopifyTransientError(
        `Shopify is rate limiting the API (HTTP 429)${said}`,
        wait ?? throttleWaitMs(answer),
        true,
        429,
      );
    if (res.status >= 500 || res.status === 408)
      throw new ShopifyTransientError(
        `Shopify answered ${what} with HTTP ${res.status}${said}`,
        wait,
        false,
        res.status,
      );
    if (res.status === 401)
      throw new ShopifyRefusedError(
        `Shopify refused the access token (HTTP 401): check SHOPIFY_ADMIN_TOKEN${said}`,
        [],
        401,
        errorText,
      );
    if (res.status === 403)
      throw new ShopifyRefusedError(
        `Shopify denied access (HTTP 403): the app needs the write_discounts scope${said}`,
        [],
        403,
        errorText,
      );
    if (res.status !== 200)
      throw new ShopifyRefusedError(
        `Shopify answered ${what} with HTTP ${res.status}${said}`,
        [],
        res.status,
        errorText,
      );

    if (errors.some((e) => e.extensions?.code === 'THROTTLED')) {
      throw new ShopifyTransientError(
        `Shopify throttled ${what}${said}`,
        wait ?? throttleWaitMs(answer),
        true,
        200,
      );
    }
    if (errors.some((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR')) {
      throw new ShopifyTransientError(`Shopify failed on ${what}${said}`, wait, false, 200);
    }
    if (!answer)
      throw new ShopifyTransientError(`Shopify answered ${what} with an unreadable body`, null, false, 200);
    const data = answer.data?.[field];
    if (errors.length > 0 && (data === undefined || data === null))
      throw new ShopifyRefusedError(`Shopify refused ${what}${said}`, [], 200, errorText);
    return data;
  }

  return { request };
}

export function createShopifyAdminClient(
  settings: ShopifyAdminSettings,
  fetchImpl: typeof fetch = fetch,
): ShopifyAdminClient & ShopifyGraphql {
  const { request } = createShopifyGraphql(settings, fetchImpl);

  async function mutate(
    mutation: 'discountCodeBasicCreate' | 'discountCodeBasicUpdate',
    query: string,
    variables: Record<string, unknown>,
    what: string,
  ): Promise<{ id: string }> {
    const parsed = payloadSchema.safeParse(await request(mutation, query, variables, what));
    // An answer we cannot read may still mean the store took it: asking again is safe (a
    // duplicate code is refused, never created twice).
    if (!parsed.success)
      throw new ShopifyTransientError(`Shopify answered ${what} with an unreadable body`, null, false, 200);
    const payload = parsed.data;
    if (payload.userErrors.length > 0) {
      const userErrors = payload.userErrors.map((e) => ({
        field: e.field ?? null,
        code: e.code ?? null,
        message: e.message,
      }));
      throw new ShopifyRefusedError(describeErrors(userErrors) || `Shopify refused ${what}`, userErrors, 200);
    }
    if (!payload.codeDiscountNode)
      throw new ShopifyTransientError(`Shopify answered ${what} without the discount`, null, false, 200);
    return { id: payload.codeDiscountNode.id };
  }

  return {
    request,
    async createDiscountCode(discount) {
      const input = discountInput({ ...discount, startsAt: discount.startsAt ?? new Date() });
      return mutate(
        'discountCodeBasicCreate',
        CREATE_MUTATION,
        { basicCodeDiscount: input },
        `the creation of code ${discount.code}`,
      );
    },
    async updateDiscountCode(id, discount) {
      const { startsAt: _startsAt, ...rest } = discount;
      return mutate(
        'discountCodeBasicUpdate',
        UPDATE_MUTATION,
        { id, basicCodeDiscount: discountInput(rest) },
        `the update of code ${discount.code}`,
      );
    },
    async findDiscountCode(code) {
      const what = `the lookup of code ${code}`;
      const node = await request('codeDiscountNodeByCode', LOOKUP_QUERY, { code }, what);
      if (node === null || node === undefined) return null;
      const parsed = lookupSchema.safeParse(node);
      if (!parsed.success)
        throw new ShopifyTransientError(`Shopify answered ${what} with an unreadable body`, null, false, 200);
      return { id: parsed.data.id, title: parsed.data.codeDiscount?.title ?? null };
    },
  };
}
