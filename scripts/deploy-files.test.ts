// The deployment files, checked without a container runtime (none runs here or in CI): the
// Dockerfile linted by dockerfile-utils (the validator behind editors' Docker support) and read
// with its parser, compose.yaml parsed, and both held to docs/deployment.md and to the variables
// server/config.ts reads; the guide's table of variables is held equal to them too.
import fs from 'node:fs';
import { DockerfileParser } from 'dockerfile-ast';
import type { Copy, Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES } from '../server/config';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './lib/server-flags.mjs';

const read = (file: string) => fs.readFileSync(file, 'utf8');
const dockerfileText = read('Dockerfile');
const dockerfile = DockerfileParser.parse(dockerfileText);
const guide = read('docs/deployment.md');

/** The instructions of each build stage, FROM first. */
function stages(): Instruction[][] {
  const all: Instruction[][] = [];
  for (const instruction of dockerfile.getInstructions()) {
    if (instruction.getKeyword() === 'FROM') all.push([]);
    all.at(-1)?.push(instruction);
  }
  return all;
}
const argumentsOf = (instruction: Instruction) => instruction.getArgumentsContent() ?? '';
const jsonOf = (instruction: Instruction) =>
  (instruction as unknown as { getJSONStrings(): { getJSONValue(): string }[] })
    .getJSONStrings()
    .map((s) => s.getJSONValue());
const envOf = (stage: Instruction[]) =>
  Object.fromEntries(
    stage
      .filter((i) => i.getKeyword() === 'ENV')
      .flatMap((i) =>
        (
          i as unknown as { getProperties(): { getName(): string; getValue(): string | null }[] }
        ).getProperties(),
      )
      .map((p) => [p.getName(), p.getValue() ?? '']),
  );

describe('Dockerfile', () => {
  it('passes the linter', () => {
    expect(validate(dockerfileText).map((d) => `line ${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('builds in one stage and runs the compiled server as a non-root user in another', () => {
    const [build, run, ...more] = stages();
    expect(more).toEqual([]);
    const froms = dockerfile.getFROMs();
    expect(froms.map((f) => f.getImage())).toEqual(['node:20-bookworm-slim', 'node:20-bookworm-slim']);
    expect(froms[0]!.getBuildStage()).toBe('build');
    const buildRuns = build!
      .filter((i) => i.getKeyword() === 'RUN')
      .map(argumentsOf)
      .join('\n');
    expect(buildRuns).toMatch(/npm (ci|install)\b/);
    expect(buildRuns).toMatch(/npm run build/);
    expect(buildRuns).toMatch(/npm prune --omit=dev/);

    // What a linter such as hadolint asks: no root at run time, apt without extras and its lists
    // removed, COPY rather than ADD, the exec form of CMD.
    const users = run!.filter((i) => i.getKeyword() === 'USER').map(argumentsOf);
    expect(users.at(-1)).toBe('node');
    for (const stage of [build!, run!]) {
      for (const line of stage.filter((i) => i.getKeyword() === 'RUN').map(argumentsOf)) {
        if (!line.includes('apt-get install')) continue;
        expect(line).toMatch(/--no-install-recommends/);
        expect(line).toMatch(/rm -rf \/var\/lib\/apt\/lists/);
      }
    }
    expect(dockerfile.getInstructions().some((i) => i.getKeyword() === 'ADD')).toBe(false);
    // The run stage takes only what the build stage made, nothing of the build context.
    const copies = run!.filter((i): i is Copy => i.getKeyword() === 'COPY');
    expect(copies.map((c) => c.getFromFlag()?.getValue())).toEqual(copies.map(() => 'build'));

    const cmd = dockerfile.getCMDs();
    expect(cmd).toHaveLength(1);
    // The V8 options `npm start` gives the server, and its compiled entry.
    expect(jsonOf(cmd[0]!)).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/server/main.js']);
  });

  it('configures the server with variables it knows, keeps its data in a volume and checks /api/health', () => {
    const run = stages()[1]!;
    const env = envOf(run);
    // Besides the server's own variables, only the C library's settings `npm start` gives it.
    expect(Object.keys(env).filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual(
      Object.keys(SERVER_ENV),
    );
    expect(env).toMatchObject({
      ...SERVER_ENV,
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '3000',
      DATA_DIR: '/data',
      SEED_DEMO: 'off',
    });
    expect(run.filter((i) => i.getKeyword() === 'VOLUME').flatMap(jsonOf)).toEqual(['/data']);
    expect(run.filter((i) => i.getKeyword() === 'EXPOSE').map(argumentsOf)).toEqual([env.PORT]);
    const [healthcheck, ...others] = dockerfile.getHEALTHCHECKs();
    expect(others).toEqual([]);
    expect(argumentsOf(healthcheck!)).toMatch(/\/api\/health/);
  });

  it('leaves this machine’s packages, builds, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', 'data', '.env', '.git']));
  });
});

interface ComposeService {
  image?: string;
  build?: string | { context: string };
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml')) as {
    services: Record<string, ComposeService>;
    volumes: Record<string, unknown>;
  };
  const { portal, postgres, redis } = compose.services;

  it('runs the portal built here, PostgreSQL and Redis, each with a health check', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['portal', 'postgres', 'redis']);
    expect(portal!.build).toBe('.');
    expect(postgres!.image).toMatch(/^postgres:\d+/);
    expect(redis!.image).toMatch(/^redis:\d+/);
    for (const [name, service] of Object.entries(compose.services))
      expect(service.healthcheck?.test, name).toBeDefined();
    expect(JSON.stringify(portal!.healthcheck!.test)).toMatch(/\/api\/health/);
    // The portal starts once the database and Redis answer.
    expect(portal!.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
  });

  it('gives the portal only variables the server reads, pointing at the other two services', () => {
    const env = portal!.environment!;
    expect(Object.keys(env).filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
    const pg = postgres!.environment!;
    const url = new URL(env.DATABASE_URL!.replace('${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}', 'secret'));
    expect(url.protocol).toBe('postgres:');
    expect([url.hostname, url.port, url.username, url.pathname.slice(1)]).toEqual([
      'postgres',
      '5432',
      pg.POSTGRES_USER,
      pg.POSTGRES_DB,
    ]);
    expect(env.DATABASE_URL).toContain(pg.POSTGRES_PASSWORD!.replace(/^\$\{(\w+).*$/, '${$1'));
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.TRUST_PROXY).toMatch(/uniquelocal/);
    // Published on the host's loopback only, for the host's TLS proxy (the guide's single host).
    expect(portal!.ports).toEqual([`127.0.0.1:${env.PORT}:${env.PORT}`]);
  });

  it('keeps DATA_DIR and the database in named volumes', () => {
    const mounts = (service: ComposeService) =>
      Object.fromEntries(
        (service.volumes ?? []).map((v) => v.split(':') as [string, string]).map(([from, to]) => [to, from]),
      );
    expect(mounts(portal!)[portal!.environment!.DATA_DIR!]).toBe('portal-data');
    expect(mounts(postgres!)['/var/lib/postgresql/data']).toBe('postgres-data');
    const named = [portal!, postgres!, redis!].flatMap((s) => (s.volumes ?? []).map((v) => v.split(':')[0]!));
    expect(Object.keys(compose.volumes).sort()).toEqual([...new Set(named)].sort());
  });
});

describe('docs/deployment.md', () => {
  it('lists every variable the server reads, and no other', () => {
    const section = guide.slice(guide.indexOf('## Environment variables'), guide.indexOf('## Backups'));
    const listed = section
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('gives the proxy what the portal needs: WebSocket upgrades, the upload size, the client address, HSTS', () => {
    const nginx = guide.slice(guide.indexOf('```nginx'), guide.indexOf('```', guide.indexOf('```nginx') + 8));
    expect(nginx).toMatch(/client_max_body_size 11m;/);
    const live = /location \/socket\.io\/ \{[^}]*\}/.exec(nginx)?.[0] ?? '';
    expect(live).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(live).toMatch(/proxy_set_header Connection "upgrade";/);
    const root = /location \/ \{[^}]*\}/.exec(nginx)?.[0] ?? '';
    // A location that sets headers inherits none: each must name the client itself.
    for (const location of [live, root])
      expect(location).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(nginx).toMatch(
      /add_header Strict-Transport-Security "max-age=15552000; includeSubDomains" always;/,
    );
    const caddy = guide.slice(
      guide.indexOf('```caddyfile'),
      guide.indexOf('```', guide.indexOf('```caddyfile') + 12),
    );
    expect(caddy).toMatch(/max_size 11MB/);
    expect(caddy).toMatch(/Strict-Transport-Security "max-age=15552000; includeSubDomains"/);
    // The HSTS header the portal itself sends: the proxy's must say the same.
    expect(read('server/plugins/security.ts')).toContain(
      "'Strict-Transport-Security': 'max-age=15552000; includeSubDomains'",
    );
  });

  it('names the backup commands the package defines', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.backup).toBe('tsx scripts/backup.ts');
    expect(scripts.restore).toBe('tsx scripts/restore.ts');
    for (const text of [guide, read('README.md')]) {
      expect(text).toContain('npm run backup');
      expect(text).toContain('npm run restore');
    }
    expect(guide).toMatch(/pg_dump --format=custom/);
    expect(guide).toMatch(/pg_restore /);
  });
});
