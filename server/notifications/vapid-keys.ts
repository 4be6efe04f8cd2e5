import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** VAPID keys from the environment, or generated once into the data folder and reused. */
export function resolveVapidKeys({
  dataDir,
  publicKey,
  privateKey,
}: {
  dataDir: string;
  publicKey?: string | undefined;
  privateKey?: string | undefined;
}): VapidKeys {
  if (publicKey && privateKey) return { publicKey, privateKey };
  const file = join(dataDir, 'vapid.json');
  if (existsSync(file))
    return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

export const generateVapidKeys = (): VapidKeys => webPush.generateVAPIDKeys();
