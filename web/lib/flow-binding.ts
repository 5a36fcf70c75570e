// The nonce that binds an OAuth flow to this browser tab (common/flow-binding.ts): made when the
// flow starts, kept in the tab's sessionStorage (it survives the trip to the provider, never
// reaches another tab or browser), taken once when the provider sends the tab back.
import { FLOW_BINDING_HEADER } from '../../common/flow-binding';

export type Flow = 'sign-in-facebook' | 'sign-in-google' | 'connect-instagram' | 'connect-facebook';

const keyOf = (flow: Flow) => `portal.flow.${flow}`;

/** A new nonce for `flow` (replacing an earlier one), as the header that carries it to the start. */
export function startFlowBinding(flow: Flow): Record<string, string> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const nonce = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  try {
    sessionStorage.setItem(keyOf(flow), nonce);
  } catch {
    // Storage refused (a private mode): the callback then finds no nonce and says so.
  }
  return { [FLOW_BINDING_HEADER]: nonce };
}

/** The nonce this tab made for `flow`, forgotten as it is read; undefined in any other tab. */
export function takeFlowBinding(flow: Flow): string | undefined {
  try {
    const nonce = sessionStorage.getItem(keyOf(flow)) ?? undefined;
    sessionStorage.removeItem(keyOf(flow));
    return nonce;
  } catch {
    return undefined;
  }
}
