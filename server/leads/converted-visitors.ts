// Which visitors converted, remembered per database for the display call of pop-ups hidden from converted visitors.

/** The channel on which a process says a visitor converted: "clientId visitorId". */
export const CONVERSION_CHANNEL = 'poptin_conversion';
/** A client with more converted visitors than this is asked the database on every call instead. */
export const MAX_REMEMBERED_VISITORS = 200_000;

/**
 * Which visitors of a client have converted, so that the display call of a pop-up shown only to visitors who
 * have not (`stop_showing_to_converted_users`) asks the database only for a visitor who has. One per database,
 * shared by the lead repositories of this process; other processes report their conversions on CONVERSION_CHANNEL.
 */
export class ConvertedVisitors {
  private readonly byClient = new Map<string, Promise<Set<string> | null>>();

  constructor(private readonly load: (clientId: string, limit: number) => Promise<string[]>) {}

  /** Whether the visitor may have converted: false means certainly not. */
  async mayHaveConverted(clientId: string, visitorId: string): Promise<boolean> {
    let known = this.byClient.get(clientId);
    if (!known) {
      known = this.load(clientId, MAX_REMEMBERED_VISITORS + 1).then((ids) =>
        ids.length > MAX_REMEMBERED_VISITORS ? null : new Set(ids),
      );
      this.byClient.set(clientId, known);
      known.catch(() => this.byClient.delete(clientId));
    }
    const visitors = await known;
    return visitors === null || visitors.has(visitorId);
  }

  /** A conversion was stored (here or in another process). */
  async add(clientId: string, visitorId: string): Promise<void> {
    const known = this.byClient.get(clientId);
    if (!known) return;
    const visitors = await known.catch(() => null);
    if (visitors && visitors.size >= MAX_REMEMBERED_VISITORS) this.byClient.delete(clientId);
    else visitors?.add(visitorId);
  }

  forget(): void {
    this.byClient.clear();
  }
}

const convertedByDatabase = new WeakMap<object, ConvertedVisitors>();

export function convertedVisitorsOf(
  database: object,
  load: (clientId: string, limit: number) => Promise<string[]>,
): ConvertedVisitors {
  const converted = convertedByDatabase.get(database) ?? new ConvertedVisitors(load);
  convertedByDatabase.set(database, converted);
  return converted;
}

/** The converted visitors this process remembers of `database` are forgotten (a test emptied its tables). */
export function forgetConvertedVisitors(database: object): void {
  convertedByDatabase.get(database)?.forget();
}
