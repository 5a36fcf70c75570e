// What Meta's Graph APIs (Facebook and Instagram) answer, read one way: JSON on success, an
// `error` object with a numeric `code` on failure. The codes that matter here: 190 (the token is
// expired or revoked: the partner must reconnect) and the rate limits (4, 17, 32, 613, or an HTTP
// 429: wait and try later).

export type GraphFailure = 'token' | 'rate_limited' | 'unavailable' | 'refused';

export class GraphError extends Error {
  constructor(
    readonly kind: GraphFailure,
    message: string,
    readonly status: number,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
const TIMEOUT_MS = 10_000;

function failureOf(
  status: number,
  error: { code?: unknown; message?: unknown; type?: unknown } | undefined,
): GraphError {
  const code = typeof error?.code === 'number' ? error.code : undefined;
  const message =
    typeof error?.message === 'string' ? error.message.slice(0, 250) : `the provider answered ${status}`;
  if (code === 190 || (error?.type === 'OAuthException' && status === 401))
    return new GraphError('token', message, status, code);
  if (status === 429 || (code !== undefined && RATE_LIMIT_CODES.has(code)))
    return new GraphError('rate_limited', message, status, code);
  if (status >= 500) return new GraphError('unavailable', message, status, code);
  return new GraphError('refused', message, status, code);
}

/** One call; answers the JSON body or throws a GraphError saying what kind of failure it was. */
export async function graphCall(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new GraphError(
      'unavailable',
      `unreachable: ${error instanceof Error ? error.message : String(error)}`,
      0,
    );
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body || body.error) {
    // The older Instagram endpoints answer `error_type`/`error_message` at the top level.
    const error =
      (body?.error as { code?: unknown; message?: unknown; type?: unknown } | undefined) ??
      (body && typeof body.error_message === 'string'
        ? { message: body.error_message, code: body.code, type: body.error_type }
        : undefined);
    throw failureOf(res.ok ? 400 : res.status, error);
  }
  return body;
}

export const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
export const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
