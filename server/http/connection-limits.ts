import proxyAddr from '@fastify/proxy-addr';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Caps the open connections per client address: slow clients (a body that never arrives, a byte
 * every few seconds) cannot take every socket from one address. The trusted proxies (TRUST_PROXY)
 * are exempt, as every client behind them shares their address; the proxy must cap per client.
 */
export function limitConnectionsPerAddress(
  server: Server,
  {
    maxPerAddress,
    trustProxy,
  }: { maxPerAddress: number; trustProxy: string | false },
): void {
  const trusted = trustProxy
    ? proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()))
    : () => false;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted(address, 0)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
