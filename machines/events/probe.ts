import type { Actor, EventMetadata } from './metadata';

/**
 * The metadata of a probe: an event built only to ask a snapshot `can(event)` (which actions a
 * screen offers, whether a decider's drafts would be taken). Never appended. The one definition for
 * the views, the deciders and the admin actions; this file imports no zod, so the web bundle may use it.
 */
export function probeMetadata(
  at: string,
  actor: Actor = { kind: 'system', id: 'probe' },
): EventMetadata {
  return {
    actor,
    at,
    correlationId: 'probe',
    causationId: null,
    schemaVersion: 1,
  };
}
