// The module boundaries of ARCHITECTURE.md are lint rules; this proves they fire.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function restricted(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.some((m) => m.ruleId === 'no-restricted-imports');
}

describe('module boundaries', () => {
  it('keep the SPA out of the server and the server out of the SPA', async () => {
    expect(await restricted('web/lib/x.ts', "import { buildApp } from '../../server/app';\nvoid buildApp;\n")).toBe(true);
    expect(await restricted('web/lib/x.ts', "import fs from 'node:fs';\nvoid fs;\n")).toBe(true);
    expect(await restricted('server/x.ts', "import { api } from '../web/lib/api';\nvoid api;\n")).toBe(true);
  });

  it('keep common/ free of either side', async () => {
    expect(await restricted('common/x.ts', "import { buildApp } from '../server/app';\nvoid buildApp;\n")).toBe(true);
    expect(await restricted('common/x.ts', "import { useState } from 'react';\nvoid useState;\n")).toBe(true);
    expect(await restricted('common/x.ts', "import { BRAND } from './brand';\nvoid BRAND;\n")).toBe(false);
  });

  it('let a server module reach another only through its service', async () => {
    const file = 'server/modules/sales/service.ts';
    expect(await restricted(file, "import { insertPartner } from '../partners/repository';\nvoid insertPartner;\n")).toBe(true);
    expect(await restricted(file, "import { createPartnerAccount } from '../partners/service';\nvoid createPartnerAccount;\n")).toBe(false);
  });

  it('keep migrations to server/db: frozen history never changes with the application', async () => {
    const file = 'server/db/migrations/099-example.ts';
    expect(await restricted(file, "import { rebuildLedgerStats } from '../../modules/sales/stats';\nvoid rebuildLedgerStats;\n")).toBe(true);
    expect(await restricted(file, "import { loadConfig } from '../../config';\nvoid loadConfig;\n")).toBe(true);
    expect(await restricted(file, "import { BRAND } from '../../../common/brand';\nvoid BRAND;\n")).toBe(true);
    expect(await restricted(file, "import { api } from '../../../web/lib/api';\nvoid api;\n")).toBe(true);
    expect(await restricted(file, "import { idColumn } from '../dialect';\nvoid idColumn;\n")).toBe(false);
    expect(await restricted(file, "import type { Database } from '../schema';\nexport type D = Database;\n")).toBe(false);
    expect(await restricted(file, "import { sql } from 'kysely';\nvoid sql;\n")).toBe(false);
    // A migration's own test may use the application to build a ledger to migrate.
    expect(await restricted('server/db/migrations/099-example.test.ts', "import { seedDemoProgram } from '../../seed/demo';\nvoid seedDemoProgram;\n")).toBe(false);
  });

  it('let both sides use common/', async () => {
    expect(await restricted('web/lib/x.ts', "import { BRAND } from '../../common/brand';\nvoid BRAND;\n")).toBe(false);
    expect(await restricted('server/x.ts', "import { BRAND } from '../common/brand';\nvoid BRAND;\n")).toBe(false);
  });
});
