import { runCli } from './run-cli';
import { createInterface } from 'node:readline';
import { userInfo } from 'node:os';
import { withAdminAccounts } from '../app';

const USAGE = [
  'Usage: npm run admin -- create <username> [--role admin|auditor]   (password from stdin or a prompt)',
  '       npm run admin -- recovery-code <username>   (a one-time code to sign in past the sign-in throttles)',
].join('\n');

/** Reads the password from piped stdin, or prompts without echo on a terminal. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.replace(/\r?\n$/, '');
  }
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: true,
  });
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  process.stdout.write('Password: ');
  output._writeToOutput = () => undefined;
  const answer = await new Promise<string>((resolve) =>
    rl.question('', resolve),
  );
  rl.close();
  process.stdout.write('\n');
  return answer;
}

/**
 * A one-time recovery code for an admin who cannot get past the sign-in throttles: printed once,
 * kept only as its hash, recorded (AdminRecoveryCodeIssued) with the operator's name as actor.
 */
async function issueRecoveryCode(username: string): Promise<number> {
  try {
    const { code } = await withAdminAccounts((admins) =>
      admins.issueRecoveryCode(username, {
        actor: { kind: 'system', id: `cli:${operator()}` },
      }),
    );
    console.log(
      `One-time recovery code for '${username}' (shown once; a new one replaces it):`,
    );
    console.log(code);
    console.log(
      'Sign in with the username, the password and this code (admin sign-in, "Recovery code").',
    );
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

/** Who runs the CLI, for the event's actor. */
function operator(): string {
  try {
    return userInfo().username || 'unknown';
  } catch {
    return 'unknown';
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, username, ...rest] = argv;
  if (command === 'recovery-code' && username && rest.length === 0)
    return issueRecoveryCode(username);
  const roleIndex = rest.indexOf('--role');
  const role = roleIndex >= 0 ? rest[roleIndex + 1] : 'admin';
  if (
    command !== 'create' ||
    !username ||
    (role !== 'admin' && role !== 'auditor')
  ) {
    console.error(USAGE);
    return 2;
  }
  const password = await readPassword();
  if (password.length < 8) {
    console.error('The password must be at least 8 characters.');
    return 2;
  }
  try {
    const { adminId } = await withAdminAccounts((admins) =>
      admins.create(username, password, role, {
        actor: { kind: 'system', id: 'cli' },
      }),
    );
    console.log(`Created ${role} account '${username}' (${adminId}).`);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

runCli(main);
