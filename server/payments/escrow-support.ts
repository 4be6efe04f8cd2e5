import { createHash } from 'node:crypto';
import type { AnyMachineSnapshot, AnyStateMachine, SnapshotFrom } from 'xstate';
import type { EventMetadata } from '../../machines/events/metadata';
import type { Aggregate } from '../commands/aggregate';
import type { CommandBus } from '../commands/command-bus';
import { DomainError } from '../commands/domain-error';
import type { Clock } from '../shared/clock';
import { definiteRefusals, GatewayError, type PaymentGateway } from './gateway/payment-gateway';
import type { EscrowConfig } from './escrow.types';

/** Everything the escrow's commands share. */
export interface EscrowRuntime {
  bus: CommandBus;
  clock: Clock;
  gateway: PaymentGateway;
  config: EscrowConfig;
  users: { emailOf(userId: string): Promise<string | null> };
  /** Serialises money movements per stream inside this process (other instances: idempotency keys). */
  lock: KeyedLock;
}

/**
 * A UUID-shaped id derived from its parts. Timers and webhooks append with such fixed ids, so a
 * second instance (or a redelivered webhook) appending "the same" event is a no-op; UUID-shaped
 * because KurrentDB accepts only UUIDs as event ids.
 */
export function deterministicId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u001f')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Would the statechart take this event now? Checked before any gateway call. */
export function canTake(snapshot: AnyMachineSnapshot, type: string, data: unknown, now: string): boolean {
  const metadata: EventMetadata = { actor: { kind: 'system', id: 'probe' }, at: now, correlationId: 'probe', causationId: null, schemaVersion: 1 };
  return snapshot.can({ type, data, metadata } as never);
}

export function requireStream(revision: number, what: string): void {
  if (revision < 0) throw new DomainError('not_found', `${what} not found`);
}

export function refusal<M extends AnyStateMachine>(aggregate: Aggregate<M>, snapshot: SnapshotFrom<M>, action: string): DomainError {
  const status = aggregate.describe(snapshot as never);
  return new DomainError('illegal_transition', `Cannot ${action} while the ${aggregate.name} is ${status}`, { status });
}

export function asGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  return new GatewayError('gateway_unavailable', `gateway_unavailable: ${(error as Error)?.message ?? String(error)}`);
}

/** A refusal is a 409 the user can act on; an unknown outcome is a 502. The message starts with the code. */
export function gatewayFailure(error: GatewayError): DomainError {
  const isRefusal = definiteRefusals.includes(error.code);
  return new DomainError(isRefusal ? 'conflict' : 'gateway_error', error.message, { gatewayCode: error.code });
}

export interface KeyedLock {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
}

export function createKeyedLock(): KeyedLock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run(key, task) {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(task, task);
      const tail = result.catch(() => undefined);
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
  };
}

export const addHours = (iso: string, hours: number): string => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();
