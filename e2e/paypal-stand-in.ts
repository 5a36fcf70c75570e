// The PayPal stand-in the browser tests' portal pays through (started by playwright.config.ts
// before the portal): PayPal's wire format on a local port, every item paid (SUCCESS).
import { startPayPalStandIn } from '../server/test/paypal-stand-in';
import { E2E_PAYPAL } from './paypal-settings';

const standIn = await startPayPalStandIn({
  port: E2E_PAYPAL.port,
  clientId: E2E_PAYPAL.clientId,
  clientSecret: E2E_PAYPAL.clientSecret,
  webhookId: E2E_PAYPAL.webhookId,
});
console.log(`PayPal stand-in on ${standIn.url}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
