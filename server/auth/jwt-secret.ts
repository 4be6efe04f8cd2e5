import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config';

/**
 * The JWT signing secret: from JWT_SECRET, or (outside production) generated once into the data
 * folder so tokens survive restarts. Production without JWT_SECRET is refused by the config.
 */
export function resolveJwtSecret(
  config: Pick<AppConfig, 'jwtSecret' | 'dataDir' | 'env'>,
): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.env === 'production')
    throw new Error('JWT_SECRET is required when NODE_ENV=production');
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = newJwtSecret();
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

export const newJwtSecret = (): string => randomBytes(48).toString('base64url');
