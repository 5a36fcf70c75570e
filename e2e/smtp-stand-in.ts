// The mail server the browser tests' portal sends through (started by playwright.config.ts before
// the portal): real SMTP on a local port, each message kept as an .eml file for the tests to read.
import fs from 'node:fs';
import { startTestSmtp } from '../server/test/smtp';
import { E2E_MAIL } from './mail-settings';

fs.rmSync(E2E_MAIL.dir, { recursive: true, force: true });
const smtp = await startTestSmtp({ port: E2E_MAIL.port, dir: E2E_MAIL.dir });
console.log(`SMTP stand-in on ${smtp.url}, mail kept in ${E2E_MAIL.dir}`);
const stop = () => void smtp.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
