import { runCli } from './run-cli';
import { createInterface } from 'node:readline';
import { createAdminAccounts } from '../admin/admin-accounts';
import { createAppContext } from '../app-context';
import { loadConfig } from '../config';

const USAGE =
  'Usage: npm run admin -- create <username> [--role admin|auditor]   (password from stdin or a prompt)';

/** Reads the password from piped stdin, or prompts without echo on a terminal. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.replace(/\r?\n$/, '');
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  process.stdout.write('Password: ');
  output._writeToOutput = () => undefined;
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

async function main(argv: string[]): Promise<number> {
  const [command, username, ...rest] = argv;
  const roleIndex = rest.indexOf('--role');
  const role = roleIndex >= 0 ? rest[roleIndex + 1] : 'admin';
  if (command !== 'create' || !username || (role !== 'admin' && role !== 'auditor')) {
    console.error(USAGE);
    return 2;
  }
  const password = await readPassword();
  if (password.length < 8) {
    console.error('The password must be at least 8 characters.');
    return 2;
  }
  const ctx = await createAppContext(loadConfig(), { startReactors: false });
  try {
    await ctx.runner.waitForPosition(await ctx.store.headPosition(), 120_000);
    const admins = createAdminAccounts({
      bus: ctx.bus,
      unique: ctx.unique,
      accounts: ctx.queries.accounts,
    });
    const { adminId } = await admins.create(username, password, role, {
      actor: { kind: 'system', id: 'cli' },
    });
    console.log(`Created ${role} account '${username}' (${adminId}).`);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await ctx.close();
  }
}

runCli(main);
