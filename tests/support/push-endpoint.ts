import { spawnSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  sign,
  verify,
  type ECDH,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from 'vitest';
import { loadConfig, type AppConfig } from '@server/config';
import type { PushSubscriptionJson } from '@server/notifications/push.service';

/*
 * A local HTTPS push endpoint and the browser side of Web Push: tests send with the production
 * sender (real `web-push`) and check VAPID and RFC 8291 / RFC 8188 decryption with the browser's keys.
 */

export const b64url = (b: Buffer) => b.toString('base64url');

// ---------------------------------------------------------------- self-signed certificate

export function hasOpenssl(): boolean {
  const r = spawnSync('openssl', ['version'], {
    stdio: 'ignore',
    timeout: 5_000,
  });
  return r.status === 0;
}

export function opensslCertificate(dir: string): { key: string; cert: string } {
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'pipe', timeout: 20_000 },
  );
  if (r.status !== 0) throw new Error(`openssl failed: ${r.stderr.toString()}`);
  return {
    key: readFileSync(keyFile, 'utf8'),
    cert: readFileSync(certFile, 'utf8'),
  };
}

/** Offline fallback: a minimal X.509 v3 certificate, DER-encoded by hand and signed with node:crypto. */
export function nodeCertificate(): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'prime256v1',
  });
  const der = (tag: number, ...parts: Buffer[]): Buffer => {
    const body = Buffer.concat(parts);
    const len =
      body.length < 0x80
        ? Buffer.from([body.length])
        : body.length < 0x100
          ? Buffer.from([0x81, body.length])
          : Buffer.from([0x82, body.length >> 8, body.length & 0xff]);
    return Buffer.concat([Buffer.from([tag]), len, body]);
  };
  const seq = (...p: Buffer[]) => der(0x30, ...p);
  const ecdsaWithSha256 = seq(Buffer.from('06082a8648ce3d040302', 'hex'));
  const name = seq(
    der(
      0x31,
      seq(
        Buffer.from('0603550403', 'hex'),
        der(0x0c, Buffer.from('127.0.0.1')),
      ),
    ),
  );
  const utcTime = (d: Date) =>
    der(
      0x17,
      Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`),
    );
  const serial = randomBytes(8);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  const now = Date.now();
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([0x02]))),
    der(0x02, serial),
    ecdsaWithSha256,
    name,
    seq(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const cert = seq(
    tbs,
    ecdsaWithSha256,
    der(0x03, Buffer.from([0x00]), sign('sha256', tbs, privateKey)),
  );
  const pem = `-----BEGIN CERTIFICATE-----\n${cert
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END CERTIFICATE-----\n`;
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: pem,
  };
}

// ---------------------------------------------------------------- fake push service

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Answers 410 on /gone, 404 on /missing, 500 on /broken and 201 elsewhere, recording every request. */
export function startPushEndpoint(tls: {
  key: string;
  cert: string;
}): Promise<{ server: Server; origin: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({
        method: req.method ?? '',
        path,
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      const status = path.endsWith('/gone')
        ? 410
        : path.endsWith('/missing')
          ? 404
          : path.endsWith('/broken')
            ? 500
            : 201;
      res
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status === 201 ? '' : 'push service says no');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, origin: `https://127.0.0.1:${port}`, received });
    });
  });
}

// ---------------------------------------------------------------- browser side

export interface Browser {
  ecdh: ECDH;
  auth: Buffer;
  subscription(endpoint: string): PushSubscriptionJson;
}

export function browser(): Browser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: (endpoint) => ({
      endpoint,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
    }),
  };
}

/** RFC 8291 (Web Push message encryption) over RFC 8188 (aes128gcm), single record. */
export function decryptPushMessage(body: Buffer, b: Browser): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  expect(idlen).toBe(65);
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  expect(rs).toBeGreaterThanOrEqual(18);
  expect(record.length).toBeLessThanOrEqual(rs);

  const ecdhSecret = b.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    b.ecdh.getPublicKey(),
    asPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, b.auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync(
      'sha256',
      ikm,
      salt,
      Buffer.from('Content-Encoding: aes128gcm\0'),
      16,
    ),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end], 'last record ends with the 0x02 padding delimiter').toBe(
    0x02,
  );
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `vapid t=<jwt>, k=<key>` and returns the verified JWT claims. */
export function verifyVapid(
  authorization: string | undefined,
  publicKey: string,
): { aud: string; exp: number; sub: string } {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(
    authorization ?? '',
  );
  expect(m, `Authorization: ${authorization}`).not.toBeNull();
  const [, jwt, k] = m!;
  expect(k).toBe(publicKey);
  const [h, p, s] = jwt!.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toMatchObject({
    alg: 'ES256',
    typ: 'JWT',
  });
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(raw.subarray(1, 33)),
      y: b64url(raw.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  expect(ok, 'VAPID JWT signature verifies against the VAPID public key').toBe(
    true,
  );
  return JSON.parse(Buffer.from(p, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
}

/** A self-signed certificate for 127.0.0.1 (openssl when present, else built with node:crypto). */
export const localTls = (dir: string) =>
  hasOpenssl() ? opensslCertificate(dir) : nodeCertificate();

/** The app configuration of a test that pushes to the local endpoint: fresh VAPID keys, 127.0.0.1 allowed as push service. */
export function pushTestConfig(
  dataDir: string,
  vapid: { publicKey: string; privateKey: string },
  extra: Record<string, string> = {},
): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://app.test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    // The local HTTPS push endpoint stands in for a push service.
    PUSH_SERVICE_HOSTS: '127.0.0.1',
    ...extra,
  });
}
