// The Instagram and Facebook stand-in the browser tests' portal connects to and signs in with
// (started by playwright.config.ts before the portal): the consent page agrees at once and each
// consent is a new account whose posts include some with #SunbitePartner; a Facebook account has
// the address of the `stand_in_email` cookie (server/test/meta-stand-in.ts).
import { startMetaStandIn } from '../server/test/meta-stand-in';
import { E2E_META } from './meta-settings';

const standIn = await startMetaStandIn({
  port: E2E_META.port,
  appId: E2E_META.appId,
  secret: E2E_META.secret,
  facebookAppId: E2E_META.facebookAppId,
  facebookSecret: E2E_META.facebookSecret,
});
console.log(`Meta stand-in on ${standIn.url}`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
