/**
 * `npm run dev`: the API with reload (tsx watch, port 3000) and the web app with hot module
 * replacement (Vite, port 5173, proxying /api and /sim to the API). Links the server builds point
 * at the Vite origin, so checkout and onboarding returns land in the hot-reloading app.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const webPort = process.env.WEB_PORT ?? '5173';
const env = {
  ...process.env,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
  PORT: process.env.PORT ?? '3000',
};
const bin = (name: string) =>
  new URL(`../../node_modules/.bin/${name}`, import.meta.url).pathname;

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn(
    bin('vite'),
    ['--config', 'web/vite.config.ts', '--port', webPort, '--strictPort'],
    {
      stdio: 'inherit',
      env,
    },
  ),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
console.log(
  `dev: app with hot reload on http://localhost:${webPort} (API on :${env.PORT})`,
);
