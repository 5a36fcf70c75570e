// The staff sign-in's second step (docs/decisions/035-staff-totp.md): after a right password, the
// 6-digit code of the authenticator app, or one of the recovery codes. A wrong code is said at the
// field; a challenge that expired (or was used) goes back to the e-mail and password with the reason.
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormNotice, SubmitButton, TextField } from '../../../components/form';
import { ApiError } from '../../../lib/api';
import { apiMessage, serverFieldErrors } from '../../../lib/form-errors';
import { showAuthError } from '../../../lib/show-auth-error';
import { completeSignIn, isAppCode, isRecoveryCode } from './security-api';
import type { TwoFactorChallenge } from '../staff-session';

export function TwoFactorStep({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: TwoFactorChallenge;
  onSignedIn: () => void;
  /** Back to the first step; `reason` when the server sent the visitor there. */
  onBack: (reason?: string) => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: (value: string) => completeSignIn(challenge.challenge, value),
    meta: { handlesErrors: true },
    onSuccess: onSignedIn,
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 410) {
        onBack(apiMessage(failure) ?? undefined);
        return;
      }
      if (failure instanceof ApiError && (failure.status === 401 || failure.status === 422)) {
        setError(
          serverFieldErrors(failure)?.code ?? apiMessage(failure) ?? t('manager.two_factor.code_format'),
        );
        return;
      }
      if (failure instanceof ApiError && failure.status === 429) {
        setNotice(apiMessage(failure));
        return;
      }
      showAuthError(failure, t);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const valid = mode === 'app' ? isAppCode(code) : isRecoveryCode(code);
    if (!valid) {
      setError(t(mode === 'app' ? 'manager.two_factor.code_format' : 'manager.two_factor.recovery_format'));
      return;
    }
    setError(null);
    verify.mutate(code.trim());
  };
  const switchMode = () => {
    setMode((current) => (current === 'app' ? 'recovery' : 'app'));
    setCode('');
    setError(null);
  };

  return (
    <div data-testid="manager-two-factor">
      <h1 className="text-2xl font-bold tracking-tight">{t('manager.two_factor.title')}</h1>
      <p className="mt-1 text-sm text-muted">
        {t(mode === 'app' ? 'manager.two_factor.lead' : 'manager.two_factor.lead_recovery')}
      </p>
      <form
        noValidate
        onSubmit={submit}
        className="mt-6 grid gap-4"
        aria-label={t('manager.two_factor.title')}
        data-testid="manager-two-factor-form"
      >
        {notice ? (
          <FormNotice kind="error" testId="manager-two-factor-notice">
            {notice}
          </FormNotice>
        ) : null}
        <TextField
          key={mode}
          label={t(mode === 'app' ? 'manager.two_factor.code' : 'manager.two_factor.recovery_code')}
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
          autoComplete="one-time-code"
          inputMode={mode === 'app' ? 'numeric' : 'text'}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={mode === 'app' ? 7 : 13}
          // The field is the only thing to do on this step.
          autoFocus
          className="[&_input]:font-mono [&_input]:tracking-[0.2em]"
          testId="manager-two-factor-code"
        />
        <SubmitButton busy={verify.isPending} className="w-full" testId="manager-two-factor-submit">
          {t('manager.two_factor.submit')}
        </SubmitButton>
      </form>
      <div className="mt-5 flex flex-col items-start gap-2 text-sm">
        <button
          type="button"
          className="link text-left"
          onClick={switchMode}
          data-testid="manager-two-factor-mode"
        >
          {t(mode === 'app' ? 'manager.two_factor.use_recovery' : 'manager.two_factor.use_app')}
        </button>
        <button
          type="button"
          className="link text-left"
          onClick={() => onBack()}
          data-testid="manager-two-factor-back"
        >
          {t('manager.two_factor.back')}
        </button>
      </div>
    </div>
  );
}
