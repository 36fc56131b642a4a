/**
 * Which statements the app sent as named (prepared) ones, for the raw replays of `bench/run.ts` and
 * `bench/writes.ts`: a replay runs each captured statement as the app ran it. A named statement is parsed once
 * per connection and PostgreSQL may keep one reusable (generic) plan of it; an unnamed one is parsed and
 * planned with its values on every run. Replaying every statement one way made the raw figures wrong both ways:
 * advanced search, which the app runs unnamed, replayed named got a generic plan slower than the app's; an
 * action's joined item read, which the app prepares, replayed unnamed was planned every time (planning many
 * times its execution, which the app does not pay).
 *
 * Drizzle's logger (which captures the statements) is not told the name, so this watches node-postgres itself:
 * between `start()` and `stop()` it notes the text of every statement sent with a name, by any pool of the
 * process (a text is prepared or not whoever sends it).
 */
import pg from 'pg';

type Query = (this: unknown, ...args: unknown[]) => unknown;

export function namedStatements() {
  let named: Set<string> | null = null;
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as { name?: unknown; text?: unknown } | undefined;
    if (named && config && typeof config === 'object' && config.name && typeof config.text === 'string')
      named.add(config.text);
    return original.apply(this, args);
  };
  return {
    start() {
      named = new Set();
    },
    /** The texts sent with a name since `start()`. */
    stop(): ReadonlySet<string> {
      const texts = named ?? new Set<string>();
      named = null;
      return texts;
    },
  };
}
