// Screenshots of the sign-in edges of issue 31 for a person to look at: the question a sign-in
// link asks while another partner is signed in (/switch_account), and a social callback opened
// in another browser than the one that started it. English light and French dark, phone and
// desktop. Against a running portal with the demo program:
//   PORT=3395 DATA_DIR=.tmp/shots SEED_DEMO=on node scripts/start.mjs
//   BASE_URL=http://127.0.0.1:3395 npx tsx scripts/sign-in-screenshots.ts
//   → .tmp/screens/sign-in/<state>-<width>-<locale>-<theme>.png
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, request } from '@playwright/test';
import { registerPartner } from '../e2e/support';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { DEMO_ACCOUNTS, LOOKS, lookContext, signIn, WIDTHS } from './lib/screenshot-session';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3395';
const OUT = '.tmp/screens/sign-in';

await mkdir(OUT, { recursive: true });
const api = await request.newContext({ baseURL: BASE_URL });
const other = await registerPartner(api, { first_name: 'Léa', last_name: 'Tremblay' });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
for (const look of LOOKS) {
  for (const width of WIDTHS) {
    const viewport = { width, height: width < 600 ? 844 : 900 };
    // A fresh session each time: continuing would end it.
    const partner = await signIn(BASE_URL, 'partner', DEMO_ACCOUNTS.partner);
    const link = await signIn(BASE_URL, 'partner', other);
    const signedIn = await lookContext(browser, viewport, look, { auth_token: partner });
    const page = await signedIn.newPage();
    await page.goto(`${BASE_URL}/account?token=${link.token}`);
    await page.getByTestId('switch-continue').waitFor();
    await page.screenshot({
      path: path.join(OUT, `switch-${width}-${look.locale}-${look.theme}.png`),
      fullPage: true,
    });
    await signedIn.close();

    const elsewhere = await lookContext(browser, viewport, look);
    const callback = await elsewhere.newPage();
    await callback.goto(`${BASE_URL}/facebook_callback?code=someone-elses-code&state=someone-elses-state`);
    await callback.getByTestId('social-callback-message').waitFor();
    await callback.screenshot({
      path: path.join(OUT, `callback-${width}-${look.locale}-${look.theme}.png`),
      fullPage: true,
    });
    await elsewhere.close();
  }
}
await browser.close();
await api.dispose();
console.log(`screenshots in ${OUT}`);
