/**
 * No container engine runs here, so the Dockerfile and docker-compose.yml are checked statically:
 * the YAML parses, the images are pinned, and every file, port, variable and volume they name
 * exists in the repository and the app's configuration.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configSchema } from '@server/config';
import { repoRoot } from '@tests/e2e/support/web-build';

interface Service {
  profiles?: string[];
  image?: string;
  build?: string | { context: string; dockerfile?: string };
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
// Compose resolves YAML merge keys (`<<: *anchor`), as `merge: true` does.
const compose = parse(
  readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'),
  {
    merge: true,
  },
) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
const dockerignore = readFileSync(join(repoRoot, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const configNames = new Set(Object.keys(configSchema.shape));

/** Dockerfile instructions with continuation lines joined, split into stages at FROM. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const stages: string[][] = [];
for (const line of instructions) {
  if (/^FROM\s/i.test(line)) stages.push([]);
  stages[stages.length - 1]?.push(line);
}
const runtime = stages[stages.length - 1]!;
const envOf = (stage: string[]) =>
  Object.fromEntries(
    stage
      .filter((l) => l.startsWith('ENV '))
      .flatMap((l) =>
        [...l.slice(4).matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]),
      ),
  );

describe('Dockerfile', () => {
  it('builds in one stage and runs the compiled server from a slim, non-root runtime stage', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[0]![0]).toMatch(/ AS build$/);
    expect(instructions.join('\n')).toMatch(
      /RUN npm run build && npm prune --omit=dev/,
    );
    const pkg = JSON.parse(
      readFileSync(join(repoRoot, 'package.json'), 'utf8'),
    ) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.build).toBeDefined();

    const user = runtime.filter((l) => l.startsWith('USER ')).pop();
    expect(user).toBeDefined();
    expect(user).not.toMatch(/USER (root|0)\b/);
    const cmd = runtime.find((l) => l.startsWith('CMD '))!;
    expect(JSON.parse(cmd.slice(4))).toEqual([
      'node',
      '--enable-source-maps',
      'dist/server/main.js',
    ]);
    // dist/server/main.js is what tsconfig.build.json makes of server/main.ts.
    const build = JSON.parse(
      readFileSync(join(repoRoot, 'tsconfig.build.json'), 'utf8'),
    ) as {
      compilerOptions: { outDir: string; rootDir: string };
    };
    expect(build.compilerOptions).toMatchObject({
      outDir: 'dist',
      rootDir: '.',
    });
    expect(existsSync(join(repoRoot, 'server', 'main.ts'))).toBe(true);
    // The runtime copies the build's results, not the sources.
    const copied = runtime
      .filter((l) => l.startsWith('COPY '))
      .map((l) => l.split(/\s+/).slice(-2, -1)[0]);
    expect(copied).toEqual(
      expect.arrayContaining([
        '/app/node_modules',
        '/app/dist',
        '/app/web/dist',
      ]),
    );
  });

  it('copies only files that exist and that .dockerignore lets through', () => {
    for (const line of stages[0]!.filter(
      (l) => l.startsWith('COPY ') && !l.includes('--from'),
    )) {
      const sources = line.split(/\s+/).slice(1, -1);
      for (const source of sources) {
        expect(existsSync(join(repoRoot, source)), source).toBe(true);
        expect(dockerignore, source).not.toContain(source);
      }
    }
    for (const excluded of ['node_modules', 'data', 'dist', '.git', '.env'])
      expect(dockerignore).toContain(excluded);
  });

  it('keeps DATA_DIR on a volume, names only real settings and checks health on a real route', () => {
    const env = envOf(runtime);
    for (const name of Object.keys(env))
      expect(configNames, name).toContain(name);
    expect(runtime).toContain(`VOLUME ["${env.DATA_DIR}"]`);
    expect(runtime).toContain(`EXPOSE ${env.PORT}`);
    const health = runtime.find((l) => l.startsWith('HEALTHCHECK '))!;
    expect(health).toContain('/api/health');
    expect(readFileSync(join(repoRoot, 'server', 'app.ts'), 'utf8')).toMatch(
      /app\.get\(\s*'\/api\/health'/,
    );
  });
});

describe('Dockerfile base image', () => {
  // Node.js 24 became LTS with 24.11.0 (October 2025); official images are tagged
  // `<major>.<minor>-<debian release>-slim`.
  const args = Object.fromEntries(
    instructions
      .filter((l) => l.startsWith('ARG '))
      .map((l) => l.slice(4).split('=') as [string, string]),
  );

  it('builds and runs on a pinned Node.js 24 LTS slim image, the runtime package.json names', () => {
    const froms = instructions.filter((l) => /^FROM\s/i.test(l));
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms)
      expect(from).toMatch(/^FROM \$\{NODE_IMAGE\} AS \w+$/);
    const image = args.NODE_IMAGE ?? '';
    const tag = /^node:(\d+)\.(\d+)-(bookworm|trixie)-slim$/.exec(image);
    expect(tag, `NODE_IMAGE=${image}`).not.toBeNull();
    const [, major, minor] = tag!;
    expect(Number(major)).toBe(24);
    expect(Number(minor)).toBeGreaterThanOrEqual(11);
    const pkg = JSON.parse(
      readFileSync(join(repoRoot, 'package.json'), 'utf8'),
    ) as {
      engines: { node: string };
    };
    expect(pkg.engines.node).toBe(`>=${major}`);
  });
});

describe('docker-compose.yml', () => {
  const { kurrentdb, app } = compose.services;

  it('runs KurrentDB from a released, pinned image with its health check', () => {
    expect(kurrentdb!.image).toMatch(
      /^kurrentplatform\/kurrentdb:\d+\.\d+\.\d+$/,
    );
    expect(kurrentdb!.healthcheck!.test.join(' ')).toContain(
      'http://localhost:2113/health/live',
    );
    expect(kurrentdb!.ports).toContain('2113:2113');
  });

  it('builds the app from the Dockerfile and starts it once KurrentDB is healthy', () => {
    const build = app!.build;
    const context = typeof build === 'string' ? build : build!.context;
    const file =
      typeof build === 'object' && build.dockerfile
        ? build.dockerfile
        : 'Dockerfile';
    expect(existsSync(join(repoRoot, context, file))).toBe(true);
    expect(app!.depends_on).toEqual({
      kurrentdb: { condition: 'service_healthy' },
    });
  });

  it('passes only settings the app knows, pointing at the KurrentDB service and the data volume', () => {
    const env = app!.environment!;
    for (const name of Object.keys(env))
      expect(configNames, name).toContain(name);
    const url = new URL(env.KURRENTDB_URL!);
    expect(url.hostname).toBe('kurrentdb');
    expect(kurrentdb!.ports!.map((p) => p.split(':').pop())).toContain(
      url.port,
    );
    expect(app!.ports).toContain(`${env.PORT}:${env.PORT}`);
    // With compose's defaults for unset variables (`${NAME:-default}`) plus a JWT secret, the config is valid.
    const resolved = Object.fromEntries(
      Object.entries(env).map(([k, v]) => [
        k,
        String(v).replace(/\$\{\w+:-([^}]*)\}/g, '$1'),
      ]),
    );
    const parsed = configSchema.safeParse({
      ...resolved,
      JWT_SECRET: 'x'.repeat(32),
    });
    expect(parsed.error?.issues ?? []).toEqual([]);
    const mounts = app!.volumes!.map((v) => v.split(':'));
    expect(mounts.map(([, target]) => target)).toContain(env.DATA_DIR);
  });

  it('declares every named volume it mounts', () => {
    for (const service of Object.values(compose.services)) {
      for (const [source] of (service.volumes ?? []).map((v) => v.split(':'))) {
        if (!source!.startsWith('.') && !source!.startsWith('/'))
          expect(Object.keys(compose.volumes), source).toContain(source);
      }
    }
  });
});

describe('docker-compose.yml, postgres profile', () => {
  const { postgres } = compose.services;
  const apps = ['app-pg-a', 'app-pg-b'].map((name) => compose.services[name]!);

  it('runs PostgreSQL from a released, pinned image with its health check, only in the profile', () => {
    expect(postgres!.image).toMatch(/^postgres:\d+\.\d+-\w+$/);
    expect(postgres!.healthcheck!.test.join(' ')).toContain('pg_isready');
    expect(postgres!.profiles).toEqual(['postgres']);
  });

  it('starts two app instances on it once it is healthy, each with its own data volume and valid settings', () => {
    const ports = new Set<string>();
    const dataVolumes = new Set<string>();
    for (const app of apps) {
      expect(app.profiles).toEqual(['postgres']);
      expect(app.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
      });
      const env = app.environment!;
      for (const name of Object.keys(env))
        expect(configNames, name).toContain(name);
      const resolved = Object.fromEntries(
        Object.entries(env).map(([k, v]) => [
          k,
          String(v).replace(/\$\{\w+:-([^}]*)\}/g, '$1'),
        ]),
      );
      expect(new URL(resolved.DATABASE_URL!).hostname).toBe('postgres');
      expect(
        configSchema.safeParse({ ...resolved, JWT_SECRET: 'x'.repeat(32) })
          .error?.issues ?? [],
      ).toEqual([]);
      app.ports!.forEach((p) => ports.add(p));
      dataVolumes.add(
        app
          .volumes!.find((v) => v.endsWith(`:${env.DATA_DIR}`))!
          .split(':')[0]!,
      );
    }
    expect(ports.size).toBe(2);
    expect(dataVolumes.size).toBe(2);
  });
});
