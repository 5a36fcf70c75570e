// The e-mail + password form of both sign-ins (partner and staff): the same checks, the same
// error display (docs/product/errors-and-languages.md#how-the-portal-shows-errors); only the call, what follows it and the labels differ.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField, SubmitButton, TextField } from './form';
import { ApiError } from '../lib/api';
import { makeSay, serverFieldErrors, type FieldErrors } from '../lib/form-errors';
import { useAsyncAction } from '../lib/use-async-action';
import { showAuthError } from '../lib/show-auth-error';
import { checkSignIn } from '../lib/sign-in-check';

export function CredentialsForm<Answer>({
  signIn,
  onSignedIn,
  testIds,
  label,
  emailAutoComplete = 'email',
  placeholders,
}: {
  signIn: (email: string, password: string) => Promise<Answer>;
  onSignedIn: (answer: Answer) => void;
  testIds: { form: string; email: string; password: string; submit: string };
  label: string;
  emailAutoComplete?: string;
  placeholders?: { email: string; password: string };
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useAsyncAction(
    (input: { email: string; password: string }) => signIn(input.email, input.password),
    {
      onSuccess: onSignedIn,
      onError: (error) => {
        const fields = error instanceof ApiError && error.status === 422 ? serverFieldErrors(error) : null;
        if (fields) setErrors(fields);
        showAuthError(error, t);
      },
    },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = checkSignIn(values, makeSay(t as never));
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    mutation.run({ email: result.data.email.trim(), password: result.data.password });
  };
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form
      noValidate
      onSubmit={submit}
      className="mt-6 grid gap-4"
      data-testid={testIds.form}
      aria-label={label}
    >
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete={emailAutoComplete}
        inputMode="email"
        placeholder={placeholders?.email}
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        testId={testIds.email}
      />
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="current-password"
        placeholder={placeholders?.password}
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        testId={testIds.password}
      />
      <SubmitButton busy={mutation.isPending} testId={testIds.submit} className="w-full">
        {t('titles.login')}
      </SubmitButton>
    </form>
  );
}
