// The schemas of an OAuth flow's two requests, bound to the browser tab that starts it
// (common/flow-binding.ts; docs/decisions/062-sign-in-bound-to-the-browser.md).
import { z } from 'zod';
import { FLOW_BINDING_HEADER, FLOW_BINDING_PATTERN } from '../../common/flow-binding';

const binding = z.string().regex(FLOW_BINDING_PATTERN);

/** The start: the tab's nonce in a header (not the query string, which request logs keep). */
export const flowBindingHeaders = z.object({
  [FLOW_BINDING_HEADER]: binding.describe('The nonce the browser tab keeps for this flow'),
});

export const flowBindingOf = (headers: Record<string, unknown>): string =>
  headers[FLOW_BINDING_HEADER] as string;

/**
 * The finish: what the provider sent back and the tab's nonce. Without a nonce (a callback link
 * opened in a tab that did not start the flow) the state simply does not match: the answer names it.
 */
export const oauthCallbackBody = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
  binding: binding.optional(),
});
