// An OAuth flow (social sign-in, connecting Instagram or Facebook) is bound to the browser tab that
// starts it (docs/decisions/062-sign-in-bound-to-the-browser.md): the tab makes a random nonce,
// keeps it, sends it in this header when it asks for the consent URL and in the body when it
// finishes; the state the provider carries is good only with that nonce.
export const FLOW_BINDING_HEADER = 'x-flow-binding';

/** 32 random bytes in base64url, unpadded. */
export const FLOW_BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;
