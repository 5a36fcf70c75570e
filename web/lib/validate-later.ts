// Validation for the forgot-password form of the sign-in page: the shared schemas and zod load
// when the visitor starts on the form or submits it, not with the page (decisions/015). The
// checks and messages are those of lib/forms.ts. (Sign-in itself needs none: sign-in-check.ts.)
import type { z } from 'zod';
import type { IdentitySchemas } from '../../common/validation';
import type { FieldErrors } from './form-errors';
import type * as Forms from './forms';

type SchemaName = 'forgotPassword';
type Parsed<N extends SchemaName> = z.output<IdentitySchemas[N]>;

let loading: Promise<typeof Forms> | undefined;

/** Starts loading the validation code; call it when a form is about to be used. */
export function preloadValidation(): Promise<typeof Forms> {
  loading ??= import('./forms');
  return loading;
}

/** The same result as `validate(schemas[name], values)` of lib/forms.ts, once its code is in. */
export async function validateLater<N extends SchemaName>(
  name: N,
  values: unknown,
  t: (key: string, options?: Record<string, unknown>) => string,
): Promise<{ ok: true; data: Parsed<N> } | { ok: false; errors: FieldErrors }> {
  const forms = await preloadValidation();
  const { identitySchemas } = await import('../../common/validation');
  return forms.validate(identitySchemas(forms.makeSay(t))[name], values) as
    { ok: true; data: Parsed<N> } | { ok: false; errors: FieldErrors };
}
