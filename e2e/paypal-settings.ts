// Where the browser tests' PayPal stand-in listens, and the credentials the portal is given.
export const E2E_PAYPAL = {
  port: Number(process.env.E2E_PAYPAL_PORT ?? 3199),
  clientId: 'e2e-paypal-client',
  clientSecret: 'e2e-paypal-secret',
  webhookId: 'E2E-WEBHOOK-ID',
} as const;
