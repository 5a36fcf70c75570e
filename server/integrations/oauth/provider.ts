// Social sign-in providers behind one small interface (OAuth 2 authorization-code flow).
// Each speaks its provider's real wire format; the base URLs come from configuration so tests
// can point them at a local stand-in server.

export interface OAuthProfile {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  picture: string | null;
}

export interface OAuthProvider {
  readonly name: 'facebook' | 'google';
  /** Where the browser goes to consent. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** Trades the code of the callback for the person's profile. */
  exchange(code: string, redirectUri: string): Promise<OAuthProfile>;
}

export class OAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthError';
  }
}

export async function fetchJson(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new OAuthError(`provider unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body) throw new OAuthError(`provider answered ${res.status}`);
  return body;
}
