import { buildApp } from './app';
import { createAppContext, type AppContext } from './app-context';
import { adoptLookAlikeKeys } from './accounts/look-alike-keys';
import { createAdminAccounts } from './admin/admin-accounts';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { PostgresStartError } from './event-store/postgres-connection';

type App = Awaited<ReturnType<typeof buildApp>>;

/** The settings, or exit with what is wrong with them. */
function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The app's context, or exit when the PostgreSQL server stays unreachable. */
async function contextOrExit(config: AppConfig): Promise<AppContext> {
  try {
    return await createAppContext(config);
  } catch (error) {
    if (error instanceof PostgresStartError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** Creates the configured first admin once the read models have caught up (nothing if it exists). */
async function bootstrapAdmin(
  config: AppConfig,
  ctx: AppContext,
  app: App,
): Promise<void> {
  if (!config.adminBootstrap) return;
  await ctx.runner.waitForPosition(await ctx.store.headPosition(), 120_000);
  const admins = createAdminAccounts({
    run: ctx.run,
    unique: ctx.unique,
    accounts: ctx.queries.accounts,
  });
  if (
    await admins.bootstrap(
      config.adminBootstrap.username,
      config.adminBootstrap.password,
    )
  ) {
    app.log.info(
      { username: config.adminBootstrap.username },
      'created the bootstrap admin account',
    );
  }
}

/** Closes the live streams, the app and the context on SIGINT/SIGTERM; exits anyway after 15 s. */
function stopOnSignals(ctx: AppContext, app: App): void {
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
}

/** Accounts from before look-alike keys get theirs, so their look-alikes are refused too. */
async function adoptLookAlikeKeysLater(
  ctx: AppContext,
  app: App,
): Promise<void> {
  void ctx.runner
    .waitForPosition(await ctx.store.headPosition(), 120_000)
    .then(() =>
      adoptLookAlikeKeys({
        unique: ctx.unique,
        accounts: ctx.queries.accounts,
      }),
    )
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
}

/** Starts the API (and the built web app): config → context → admin bootstrap → listen; stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  // Files the server creates (databases, their WAL files, generated keys) are the owner's only.
  process.umask(0o077);
  const config = configOrExit();
  const ctx = await contextOrExit(config);
  const app = await buildApp(ctx, { serveWebApp: true, logger: true });
  await bootstrapAdmin(config, ctx, app);
  stopOnSignals(ctx, app);
  await app.listen({ port: config.port, host: config.host });
  await adoptLookAlikeKeysLater(ctx, app);
  app.log.info(
    `API docs at ${config.publicUrl}/api/docs (gateway: ${ctx.payments.gateway.mode})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
