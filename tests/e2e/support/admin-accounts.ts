import { spawnSync } from 'node:child_process';
import { repoRoot } from './web-build';

/**
 * Creates an admin or auditor account with the CLI (`npm run admin -- create <name> --role <role>`),
 * the password on stdin. Only the CLI can create an auditor; it runs against the server's data
 * folder before the server starts (see `startServer`'s `beforeStart`).
 */
export function createAdminWithCli(
  env: Record<string, string>,
  username: string,
  password: string,
  role: 'admin' | 'auditor',
): void {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/cli/admin.ts',
      'create',
      username,
      '--role',
      role,
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      input: `${password}\n`,
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  if (result.status !== 0)
    throw new Error(
      `admin CLI failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
}
