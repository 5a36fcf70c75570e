import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './scripts/lib/chromium';
import { E2E_MAIL } from './e2e/mail-settings';
import { E2E_META } from './e2e/meta-settings';
import { E2E_PAYPAL } from './e2e/paypal-settings';
import { E2E_SHOPIFY } from './e2e/shopify-settings';

// Browser tests drive Debian's Chromium (never `playwright install`) against the built app, started
// as `npm start` starts it (scripts/start.mjs: it builds first when dist/ is missing or older than
// the sources, then runs the compiled server) on a fresh embedded database of its own.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
// E2E_TMP (default .tmp) keeps two runs on one machine apart, with E2E_*_PORT for the ports.
const dataDir = `${process.env.E2E_TMP ?? '.tmp'}/e2e-data`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: `${process.env.E2E_TMP ?? '.'}/test-results`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A flow of several pages, a staff sign-in and mailed links, on two cores drawing in software:
  // time is measured by the benchmarks, never asserted here.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      // PayPal Payouts as the portal sees it, on a local port (server/test/paypal-stand-in.ts).
      command: 'npx tsx e2e/paypal-stand-in.ts',
      port: E2E_PAYPAL.port,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      // Instagram and Facebook as the portal sees them, on a local port (server/test/meta-stand-in.ts).
      command: 'npx tsx e2e/meta-stand-in.ts',
      port: E2E_META.port,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      // Shopify's Admin GraphQL API as the store connection sees it (server/test/shopify-admin-store.ts).
      command: 'npx tsx e2e/shopify-stand-in.ts',
      port: E2E_SHOPIFY.port,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      // The mail server the portal sends through (server/test/smtp.ts), keeping each mail as a file.
      command: 'npx tsx e2e/smtp-stand-in.ts',
      port: E2E_MAIL.port,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      command: `rm -rf ${dataDir} && node scripts/start.mjs`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      // Room for a build when the sources changed since the last one.
      timeout: 180_000,
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'on',
        // Browser tests post signed Shopify webhooks to this server.
        SHOPIFY_WEBHOOK_SECRET: 'e2e-webhook-secret',
        // A store connected from the back office is reached at the stand-in (e2e/store-connection.spec.ts).
        SHOPIFY_ADMIN_API_URL: `http://127.0.0.1:${E2E_SHOPIFY.port}/admin/api/2025-07/graphql.json`,
        DATABASE_URL: '',
        PAYPAL_CLIENT_ID: E2E_PAYPAL.clientId,
        PAYPAL_CLIENT_SECRET: E2E_PAYPAL.clientSecret,
        PAYPAL_API_BASE: `http://127.0.0.1:${E2E_PAYPAL.port}`,
        PAYPAL_WEBHOOK_ID: E2E_PAYPAL.webhookId,
        SMTP_URL: `smtp://127.0.0.1:${E2E_MAIL.port}`,
        // Where short links send shoppers (never followed by the tests).
        STORE_URL: 'https://shop.sunbite.example',
        MAIL_DIGEST_SECONDS: String(E2E_MAIL.digestSeconds),
        // Instagram connect goes to the stand-in (consent, tokens, posts, pictures).
        INSTAGRAM_APP_ID: E2E_META.appId,
        INSTAGRAM_APP_SECRET: E2E_META.secret,
        INSTAGRAM_AUTHORIZE_URL: `http://127.0.0.1:${E2E_META.port}/oauth/authorize`,
        INSTAGRAM_API_URL: `http://127.0.0.1:${E2E_META.port}`,
        INSTAGRAM_GRAPH_URL: `http://127.0.0.1:${E2E_META.port}`,
        // Facebook sign-in and connect go to the same stand-in (e2e/sign-in-binding.spec.ts).
        FACEBOOK_APP_ID: E2E_META.facebookAppId,
        FACEBOOK_APP_SECRET: E2E_META.facebookSecret,
        FACEBOOK_DIALOG_URL: `http://127.0.0.1:${E2E_META.port}`,
        FACEBOOK_GRAPH_URL: `http://127.0.0.1:${E2E_META.port}`,
      },
    },
  ],
});
