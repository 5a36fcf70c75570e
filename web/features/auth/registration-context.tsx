// Registration spans two routes (/register, /register_step2). Step 1's values live in memory
// in this context, above both routes; the names, e-mail and referral code are also kept in
// sessionStorage so a reload of step 1 refills them. The password is never stored anywhere.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { FieldErrors } from '../../lib/forms';

export const REGISTRATION_STORAGE_KEY = 'registration';

export interface Step1Values {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export type Step1Draft = Omit<Step1Values, 'password' | 'password_confirmation'>;

interface StoredDraft extends Partial<Step1Draft> {
  ref?: string | null;
}

interface RegistrationState {
  /** Step 1 as completed (with the password), or null until Next is pressed. */
  step1: Step1Values | null;
  /** What a reload of step 1 can refill (no password). */
  draft: Step1Draft;
  /** The referrer's code from `/register?ref=CODE` (the server's `/r/{code}` redirect). */
  referralCode: string | null;
  /** Server errors for step-1 fields, shown when the partner goes back to step 1. */
  step1Errors: FieldErrors;
  completeStep1: (values: Step1Values) => void;
  setReferralCode: (code: string | null) => void;
  setStep1Errors: (errors: FieldErrors) => void;
  reset: () => void;
}

const RegistrationContext = createContext<RegistrationState | null>(null);

function readStored(storage: Storage): StoredDraft {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(REGISTRATION_STORAGE_KEY) ?? 'null');
    return parsed && typeof parsed === 'object' ? (parsed as StoredDraft) : {};
  } catch {
    return {};
  }
}

function writeStored(storage: Storage, value: StoredDraft): void {
  try {
    storage.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the in-memory state still works.
  }
}

export function RegistrationProvider({
  children,
  storage = sessionStorage,
}: {
  children: ReactNode;
  storage?: Storage;
}) {
  const [stored] = useState(() => readStored(storage));
  const [step1, setStep1] = useState<Step1Values | null>(null);
  const [draft, setDraft] = useState<Step1Draft>({
    first_name: stored.first_name ?? '',
    last_name: stored.last_name ?? '',
    email: stored.email ?? '',
  });
  const [referralCode, setReferral] = useState<string | null>(stored.ref ?? null);
  const [step1Errors, setStep1Errors] = useState<FieldErrors>({});

  const completeStep1 = useCallback(
    (values: Step1Values) => {
      const nextDraft = { first_name: values.first_name, last_name: values.last_name, email: values.email };
      setStep1(values);
      setDraft(nextDraft);
      setStep1Errors({});
      writeStored(storage, { ...nextDraft, ref: referralCode });
    },
    [storage, referralCode],
  );

  const setReferralCode = useCallback(
    (code: string | null) => {
      setReferral(code);
      writeStored(storage, { ...readStored(storage), ref: code });
    },
    [storage],
  );

  const reset = useCallback(() => {
    setStep1(null);
    setDraft({ first_name: '', last_name: '', email: '' });
    setReferral(null);
    setStep1Errors({});
    storage.removeItem(REGISTRATION_STORAGE_KEY);
  }, [storage]);

  const value = useMemo(
    () => ({
      step1,
      draft,
      referralCode,
      step1Errors,
      completeStep1,
      setReferralCode,
      setStep1Errors,
      reset,
    }),
    [step1, draft, referralCode, step1Errors, completeStep1, setReferralCode, reset],
  );
  return <RegistrationContext.Provider value={value}>{children}</RegistrationContext.Provider>;
}

export function useRegistration(): RegistrationState {
  const value = useContext(RegistrationContext);
  if (!value) throw new Error('useRegistration needs a RegistrationProvider');
  return value;
}
