// Loads the ALTCHA web component in its CSP-friendly build (docs/product/partners-and-accounts.md#registration, our CSP has no
// 'unsafe-inline'): `altcha/external` ships its styles as a stylesheet file and its proof-of-work
// workers as separate files that Vite emits next to the bundle. Loaded only on registration.
let loading: Promise<void> | null = null;

interface AltchaGlobal {
  algorithms: Map<string, () => Worker>;
}

export function loadAltcha(): Promise<void> {
  loading ??= (async () => {
    await import('altcha/external');
    await import('altcha/altcha.css');
    await import('altcha/i18n/fr-fr');
    const [
      { default: ShaWorker },
      { default: Pbkdf2Worker },
      { default: Argon2Worker },
      { default: ScryptWorker },
    ] = await Promise.all([
      import('altcha/workers/sha?worker'),
      import('altcha/workers/pbkdf2?worker'),
      import('altcha/workers/argon2id?worker'),
      import('altcha/workers/scrypt?worker'),
    ]);
    const registry = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
    for (const name of ['SHA-256', 'SHA-384', 'SHA-512'])
      registry.algorithms.set(name, () => new ShaWorker());
    for (const name of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'])
      registry.algorithms.set(name, () => new Pbkdf2Worker());
    registry.algorithms.set('ARGON2ID', () => new Argon2Worker());
    registry.algorithms.set('SCRYPT', () => new ScryptWorker());
  })();
  return loading;
}
