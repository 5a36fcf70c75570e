// The module boundaries of ARCHITECTURE.md are lint rules; this proves they fire.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The rules that keep the boundaries: the import patterns, the doors of server modules, the SPA's layers. */
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'portal/module-doors', 'layers/feature-imports']);

async function restricted(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.some((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId));
}

describe('module boundaries', () => {
  it('keep the SPA out of the server and the server out of the SPA', async () => {
    expect(
      await restricted('web/lib/x.ts', "import { buildApp } from '../../server/app';\nvoid buildApp;\n"),
    ).toBe(true);
    expect(await restricted('web/lib/x.ts', "import fs from 'node:fs';\nvoid fs;\n")).toBe(true);
    expect(await restricted('server/x.ts', "import { api } from '../web/lib/api';\nvoid api;\n")).toBe(true);
  });

  it('keep common/ free of either side', async () => {
    expect(
      await restricted('common/x.ts', "import { buildApp } from '../server/app';\nvoid buildApp;\n"),
    ).toBe(true);
    expect(await restricted('common/x.ts', "import { useState } from 'react';\nvoid useState;\n")).toBe(true);
    expect(await restricted('common/x.ts', "import { BRAND } from './brand';\nvoid BRAND;\n")).toBe(false);
  });

  it('let a server module reach another only through its service', async () => {
    const file = 'server/modules/ledger/service.ts';
    expect(
      await restricted(
        file,
        "import { insertPartner } from '../partners/repository';\nvoid insertPartner;\n",
      ),
    ).toBe(true);
    expect(
      await restricted(
        file,
        "import { createPartnerAccount } from '../partners/service';\nvoid createPartnerAccount;\n",
      ),
    ).toBe(false);
  });

  it('let a server module reach another only through its door: service.ts or index.ts, however the path is written', async () => {
    const file = 'server/modules/payouts/service.ts';
    const door = (spec: string, form = (s: string) => `import { x } from '${s}';\nvoid x;\n`) =>
      restricted(file, form(spec));
    // Any file of another module but its door is refused, whatever its name.
    expect(await door('../ledger/earnings')).toBe(true);
    expect(await door('../ledger/orders')).toBe(true);
    expect(await door('../settings/currency')).toBe(true);
    expect(await door('../auth/guards')).toBe(true);
    expect(await door('../content/artwork/draw')).toBe(true);
    expect(await door('../../modules/ledger/earnings')).toBe(true);
    // In every form of import: type-only, re-export, import(), and types written as import().
    expect(
      await door('../ledger/earnings', (s) => `import type { X } from '${s}';\nexport type Y = X;\n`),
    ).toBe(true);
    expect(await door('../ledger/earnings', (s) => `export { x } from '${s}';\n`)).toBe(true);
    expect(await door('../ledger/earnings', (s) => `export const load = () => import('${s}');\n`)).toBe(true);
    expect(await door('../ledger/earnings', (s) => `export type Y = import('${s}').X;\n`)).toBe(true);
    // From a file deeper in its module, the same.
    expect(
      await restricted(
        'server/modules/content/artwork/x.ts',
        "import { x } from '../../ledger/earnings';\nvoid x;\n",
      ),
    ).toBe(true);
    // The doors, and the module's own files, are open.
    expect(await door('../ledger/service')).toBe(false);
    expect(await door('../ledger/service.js')).toBe(false);
    expect(await door('../auth')).toBe(false);
    expect(await door('../auth/index')).toBe(false);
    expect(await door('../../modules/ledger/service')).toBe(false);
    expect(await door('./repository')).toBe(false);
    expect(await door('../../db/dialect')).toBe(false);
    expect(
      await restricted('server/modules/content/artwork/x.ts', "import { x } from '../media';\nvoid x;\n"),
    ).toBe(false);
    expect(
      await restricted(
        'server/modules/content/artwork/x.ts',
        "import { x } from '../../ledger/service';\nvoid x;\n",
      ),
    ).toBe(false);
    // A module's tests are its code: the same doors.
    expect(
      await restricted(
        'server/modules/payouts/payouts.test.ts',
        "import { x } from '../ledger/earnings';\nvoid x;\n",
      ),
    ).toBe(true);
    // The SPA stays out of modules, as out of the rest of the server.
    expect(await door('../../../web/lib/api')).toBe(true);
    // Outside server/modules (the app, jobs, seed, test helpers) the rule does not apply.
    expect(
      await restricted('server/app.ts', "import { x } from './modules/ledger/earnings';\nvoid x;\n"),
    ).toBe(false);
  });

  it('keep migrations to server/db: frozen history never changes with the application', async () => {
    const file = 'server/db/migrations/099-example.ts';
    expect(
      await restricted(
        file,
        "import { rebuildLedgerStats } from '../../modules/ledger/stats';\nvoid rebuildLedgerStats;\n",
      ),
    ).toBe(true);
    expect(await restricted(file, "import { loadConfig } from '../../config';\nvoid loadConfig;\n")).toBe(
      true,
    );
    expect(await restricted(file, "import { BRAND } from '../../../common/brand';\nvoid BRAND;\n")).toBe(
      true,
    );
    expect(await restricted(file, "import { api } from '../../../web/lib/api';\nvoid api;\n")).toBe(true);
    expect(await restricted(file, "import { idColumn } from '../dialect';\nvoid idColumn;\n")).toBe(false);
    expect(
      await restricted(file, "import type { Database } from '../schema';\nexport type D = Database;\n"),
    ).toBe(false);
    expect(await restricted(file, "import { sql } from 'kysely';\nvoid sql;\n")).toBe(false);
    // A migration's own test may use the application to build a ledger to migrate.
    expect(
      await restricted(
        'server/db/migrations/099-example.test.ts',
        "import { seedDemoProgram } from '../../seed/demo';\nvoid seedDemoProgram;\n",
      ),
    ).toBe(false);
  });

  it('let both sides use common/', async () => {
    expect(
      await restricted('web/lib/x.ts', "import { BRAND } from '../../common/brand';\nvoid BRAND;\n"),
    ).toBe(false);
    expect(await restricted('server/x.ts', "import { BRAND } from '../common/brand';\nvoid BRAND;\n")).toBe(
      false,
    );
  });

  it("keep each of the SPA's features to its own folder and the shared layers", async () => {
    const file = 'web/features/cashout/CashoutPage.tsx';
    // Another feature, however it is reached: import, re-export, import().
    expect(await restricted(file, "import { salesKeys } from '../sales/sales-api';\nvoid salesKeys;\n")).toBe(
      true,
    );
    expect(await restricted(file, "export { SalesTable } from '../ledger/SalesTable';\n")).toBe(true);
    expect(await restricted(file, "export const load = () => import('../ledger/SalesPage');\n")).toBe(true);
    expect(
      await restricted(
        'web/features/content/gallery/GalleryPage.tsx',
        "import { x } from '../../ledger/x';\nvoid x;\n",
      ),
    ).toBe(true);
    // The app composes features; a feature never imports it.
    expect(
      await restricted(
        file,
        "import { ProfileRoute } from '../../app/account/ProfileRoute';\nvoid ProfileRoute;\n",
      ),
    ).toBe(true);
    // Its own folder and the shared layers.
    expect(await restricted(file, "import { useInvoices } from './cashout-api';\nvoid useInvoices;\n")).toBe(
      false,
    );
    expect(
      await restricted(file, "import { ListTable } from '../../components/table';\nvoid ListTable;\n"),
    ).toBe(false);
    expect(
      await restricted(file, "import { useFormatters } from '../../lib/format';\nvoid useFormatters;\n"),
    ).toBe(false);
    expect(await restricted(file, "import { BRAND } from '../../../common/brand';\nvoid BRAND;\n")).toBe(
      false,
    );
    expect(
      await restricted(file, "import { useQuery } from '@tanstack/react-query';\nvoid useQuery;\n"),
    ).toBe(false);
    // A feature's tests may render the whole app with the test helpers; its code may not.
    expect(
      await restricted(
        'web/features/cashout/cashout.test.tsx',
        "import { renderApp } from '../../test/render-app';\nvoid renderApp;\n",
      ),
    ).toBe(false);
    expect(
      await restricted(file, "import { renderApp } from '../../test/render-app';\nvoid renderApp;\n"),
    ).toBe(true);
    // The composition layer may import every feature.
    expect(
      await restricted(
        'web/app/dashboard/DashboardPage.tsx',
        "import { PromoWidget } from '../../features/challenges/PromoWidget';\nvoid PromoWidget;\n",
      ),
    ).toBe(false);
  });

  it('keep the shared layers free of features and of the app', async () => {
    expect(
      await restricted('web/components/table.tsx', "import { x } from '../features/sales/x';\nvoid x;\n"),
    ).toBe(true);
    expect(await restricted('web/lib/format.ts', "import { x } from '../app/account/x';\nvoid x;\n")).toBe(
      true,
    );
    expect(
      await restricted(
        'web/components/staff/dialogs.tsx',
        "import { x } from '../../features/manager/x';\nvoid x;\n",
      ),
    ).toBe(true);
    expect(await restricted('web/lib/format.ts', "import { x } from '../../server/x';\nvoid x;\n")).toBe(
      true,
    );
    expect(
      await restricted('web/components/table.tsx', "import { x } from '../lib/format';\nvoid x;\n"),
    ).toBe(false);
    expect(
      await restricted('web/lib/format.ts', "import { x } from '../components/states';\nvoid x;\n"),
    ).toBe(false);
    expect(
      await restricted('web/lib/format.ts', "import { x } from '../../common/currency';\nvoid x;\n"),
    ).toBe(false);
  });

  it('keep each back-office section to itself, the shared staff files and the message page kind', async () => {
    const file = 'web/features/manager/overview/OverviewPage.tsx';
    // Another section, and the shell that loads the sections (the import circle of issue 32).
    expect(
      await restricted(file, "import { usePayouts } from '../payouts/payouts-api';\nvoid usePayouts;\n"),
    ).toBe(true);
    expect(
      await restricted(file, "import { MANAGER_SECTIONS } from '../sections';\nvoid MANAGER_SECTIONS;\n"),
    ).toBe(true);
    expect(
      await restricted(file, "import { ManagerLayout } from '../ManagerLayouts';\nvoid ManagerLayout;\n"),
    ).toBe(true);
    expect(
      await restricted(file, "import { ManagerIndexPage } from '../ManagerPages';\nvoid ManagerIndexPage;\n"),
    ).toBe(true);
    expect(await restricted(file, "import { x } from '../../ledger/x';\nvoid x;\n")).toBe(true);
    // The shared staff files, the message page kind, its own folder and the shared layers.
    expect(
      await restricted(file, "import { useStaffMember } from '../staff-session';\nvoid useStaffMember;\n"),
    ).toBe(false);
    expect(
      await restricted(
        file,
        "import { OVERVIEW_QUERY_KEY } from '../staff-keys';\nvoid OVERVIEW_QUERY_KEY;\n",
      ),
    ).toBe(false);
    expect(
      await restricted(
        file,
        "import { MessagesPage } from '../messages/MessagesPage';\nvoid MessagesPage;\n",
      ),
    ).toBe(false);
    expect(
      await restricted(
        file,
        "import { useProgramOverview } from './overview-api';\nvoid useProgramOverview;\n",
      ),
    ).toBe(false);
    expect(
      await restricted(file, "import { Dialog } from '../../../components/staff/dialogs';\nvoid Dialog;\n"),
    ).toBe(false);
    // The message page kind is no section: it may not reach one either.
    expect(
      await restricted(
        'web/features/manager/messages/MessagesPage.tsx',
        "import { x } from '../payouts/x';\nvoid x;\n",
      ),
    ).toBe(true);
    // The back office's own root files compose its sections.
    expect(
      await restricted(
        'web/features/manager/sections.ts',
        "export const load = () => import('./payouts/PayoutsQueuePage');\n",
      ),
    ).toBe(false);
  });
});
