// The client credentials grant of a Dev Dashboard app (docs/decisions/056-store-connection.md):
// since 2026 a store makes its new apps in Shopify's Dev Dashboard, where no access token is shown;
// the app's client ID and client secret are exchanged for one at the store,
// POST https://{shop}.myshopify.com/admin/oauth/access_token
// (grant_type=client_credentials, client_id, client_secret), answered
// {"access_token": "shpat_…", "scope": "read_orders,write_discounts", "expires_in": 86399}.
// The token lives about a day; the store connection asks for a new one before it ends.
import { z } from 'zod';
import { ShopifyRefusedError, ShopifyTransientError } from './admin';

const TIMEOUT_MS = 10_000;

export interface GrantedToken {
  token: string;
  scopes: string[];
  /** When the store said the token stops working. */
  expiresAt: Date;
}

const grantSchema = z.looseObject({
  access_token: z.string().min(1),
  scope: z.string().default(''),
  expires_in: z.number().int().positive().optional(),
});
const refusalSchema = z.looseObject({
  error: z.string().optional(),
  error_description: z.string().optional(),
  errors: z.union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
});

/** Where the grant is asked: the Admin GraphQL endpoint's origin, /admin/oauth/access_token. */
export const grantUrl = (adminGraphqlUrl: string) =>
  `${new URL(adminGraphqlUrl).origin}/admin/oauth/access_token`;

/** The store's words in a refusal: `error_description`, else `error`, else `errors`. */
function wordsOf(body: unknown): string {
  const parsed = refusalSchema.safeParse(body);
  if (!parsed.success) return '';
  const { error, error_description: description, errors } = parsed.data;
  if (description) return description;
  if (error) return error;
  if (typeof errors === 'string') return errors;
  return errors ? JSON.stringify(errors) : '';
}

/** Exchanges the app's client credentials for an access token; throws as the Admin client does. */
export async function grantAccessToken(
  adminGraphqlUrl: string,
  credentials: { clientId: string; clientSecret: string },
  now: () => Date = () => new Date(),
): Promise<GrantedToken> {
  const url = grantUrl(adminGraphqlUrl);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
      }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    throw new ShopifyTransientError(
      `Shopify could not be reached for an access token: ${error instanceof Error ? error.message : String(error)}`,
      null,
      false,
    );
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (response.status >= 500 || response.status === 429)
    throw new ShopifyTransientError(
      `Shopify answered the access token request with ${response.status}`,
      null,
      response.status === 429,
      response.status,
    );
  if (!response.ok) {
    const said = wordsOf(body);
    throw new ShopifyRefusedError(
      said || `Shopify refused the client credentials (${response.status})`,
      [],
      response.status,
      said,
    );
  }
  const granted = grantSchema.safeParse(body);
  if (!granted.success)
    throw new ShopifyTransientError(
      'Shopify answered the access token request with an unreadable body',
      null,
      false,
      response.status,
    );
  return {
    token: granted.data.access_token,
    scopes: granted.data.scope
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    expiresAt: new Date(now().getTime() + (granted.data.expires_in ?? 86_399) * 1000),
  };
}
