// Where the browser tests' Instagram/Facebook stand-in listens, and the app credentials the portal is given.
export const E2E_META = {
  port: Number(process.env.E2E_META_PORT ?? 3197),
  appId: 'e2e-instagram-app',
  secret: 'e2e-instagram-secret',
  facebookAppId: 'e2e-facebook-app',
  facebookSecret: 'e2e-facebook-secret',
} as const;
