/**
 * Work two read models would repeat on the same event. The deals (or payment requests) read model
 * and the money read model both fold an escrow's context with its aggregate's context function,
 * and both store that context as JSON once per batch. The folds are pure and a context is never
 * changed once made, so the second read model may take the first one's result when it folds the
 * very same `before` object with the very same event object: the runner hands each event to every
 * read model in turn before the next event. Anything else (a row reloaded from the database, a
 * stream one read model skips) folds on its own, so no read model depends on another being there
 * or at the same position.
 */
const last: {
  evolve: unknown;
  before: unknown;
  event: unknown;
  after: unknown;
} = {
  evolve: null,
  before: null,
  event: null,
  after: null,
};

/** `evolve(before, event)`, or what the same call just returned to another read model. */
export function foldOnce<C extends object, E extends object>(
  evolve: (before: C, event: E) => C,
  before: C,
  event: E,
): C {
  if (last.event === event && last.before === before && last.evolve === evolve)
    return last.after as C;
  const after = evolve(before, event);
  last.evolve = evolve;
  last.before = before;
  last.event = event;
  last.after = after;
  return after;
}

const json = new Map<object, string>();

/** `JSON.stringify(context)`, made once per context object and batch however many read models store it. */
export function contextJson(context: object): string {
  let text = json.get(context);
  if (text === undefined) {
    text = JSON.stringify(context);
    json.set(context, text);
  }
  return text;
}

/** The batch is written (or rolled back): nothing of it is kept for the next. */
export function forgetSharedWork(): void {
  json.clear();
  last.evolve = last.before = last.event = last.after = null;
}
