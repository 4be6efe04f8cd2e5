import { buildApp } from './app';
import { createAppContext } from './app-context';
import { adoptLookAlikeKeys } from './accounts/look-alike-keys';
import { createAdminAccounts } from './admin/admin-accounts';
import { ConfigError, loadConfig } from './config';
import { PostgresStartError } from './event-store/postgres-connection';

/** Starts the API (and the built web app): config → context → admin bootstrap → listen; stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  // Files the server creates (databases, their WAL files, generated keys) are the owner's only.
  process.umask(0o077);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let ctx;
  try {
    ctx = await createAppContext(config);
  } catch (error) {
    if (error instanceof PostgresStartError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(ctx, { serveWebApp: true, logger: true });

  if (config.adminBootstrap) {
    await ctx.runner.waitForPosition(await ctx.store.headPosition(), 120_000);
    const admins = createAdminAccounts({
      run: ctx.run,
      unique: ctx.unique,
      accounts: ctx.queries.accounts,
    });
    if (await admins.bootstrap(config.adminBootstrap.username, config.adminBootstrap.password)) {
      app.log.info(
        { username: config.adminBootstrap.username },
        'created the bootstrap admin account',
      );
    }
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      ctx.live.closeAll();
      await app.close();
      await ctx.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Accounts from before look-alike keys get theirs, so their look-alikes are refused too.
  void ctx.runner
    .waitForPosition(await ctx.store.headPosition(), 120_000)
    .then(() => adoptLookAlikeKeys({ unique: ctx.unique, accounts: ctx.queries.accounts }))
    .then(({ clashes }) => {
      if (clashes > 0)
        app.log.warn(
          { clashes },
          'accounts whose look-alike key another account holds (both keep working)',
        );
    })
    .catch((error: unknown) =>
      app.log.error(
        { err: error },
        'giving accounts their look-alike keys failed; retried at the next start',
      ),
    );
  app.log.info(`API docs at ${config.publicUrl}/api/docs (gateway: ${ctx.payments.gateway.mode})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
