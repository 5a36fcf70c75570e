// The Instagram stand-in the browser tests' portal connects to (started by playwright.config.ts
// before the portal): Instagram's consent page agrees at once and each consent is a new account
// whose posts include some with #SunbitePartner (server/test/meta-stand-in.ts).
import { startMetaStandIn } from '../server/test/meta-stand-in';
import { E2E_META } from './meta-settings';

const standIn = await startMetaStandIn({ port: E2E_META.port, appId: E2E_META.appId, secret: E2E_META.secret });
console.log(`Meta stand-in on ${standIn.url}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
