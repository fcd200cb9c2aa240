// Group commit on the lead write path. A lead costs one statement and waits for one flush to the disk before it is
// acknowledged; written one by one, PGlite spends its only thread planning the same statement again and again.
// Here a lead that arrives while a batch is being written waits for that statement to end, then goes with every
// lead that arrived meanwhile in the next one, and one flush acknowledges the whole batch. The next statement runs
// while the last batch's flush does. A batch starts as soon as the requests already received have been read (the
// next turn of the event loop): batching adds no timer wait when the server is idle.
import { DatabaseUnavailableError } from '../db/database.ts';

/** Leads written by one statement at most: a longer queue is written in several. */
export const MAX_LEAD_BATCH = 256;

export interface LeadBatchSteps<Lead, Result> {
  /** Two leads with one key are never in one batch: the later one waits and finds the first stored. */
  keyOf(lead: Lead): string;
  /** Writes the leads in one statement; answers each one's id, or null when its key was already taken. */
  insert(leads: readonly Lead[]): Promise<(number | null)[]>;
  /** What must happen before the stored leads are acknowledged (the flush to the disk). */
  acknowledge(stored: readonly Lead[]): Promise<void>;
  resultOf(id: number): Result;
  /** The answer for a lead whose key was already taken. */
  notInserted(lead: Lead): Promise<Result>;
}

interface Waiting<Lead, Result> {
  lead: Lead;
  resolve(result: Result | Promise<Result>): void;
  reject(error: unknown): void;
}

/** A lead whose own write failed: the others of its batch are written without it. */
class Refused {
  constructor(readonly error: unknown) {}
}

export class LeadBatches<Lead, Result> {
  private readonly waiting: Waiting<Lead, Result>[] = [];
  private writing = false;
  /** Others waiting for the leads to go first (afterLeads). */
  private readonly turns: (() => void)[] = [];

  constructor(
    private readonly steps: LeadBatchSteps<Lead, Result>,
    private readonly maxBatch = MAX_LEAD_BATCH,
  ) {}

  add(lead: Lead): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ lead, resolve, reject });
      this.scheduleWrite();
    });
  }

  /**
   * Resolves at once when no lead waits to be written and none is being written; otherwise once the statement of
   * the next batch has ended. What else needs the database (the delivery worker on PGlite's one thread) goes
   * after the leads already received, and the leads that arrive meanwhile go after it: the two take turns.
   */
  afterLeads(): Promise<void> {
    if (!this.writing && this.waiting.length === 0) return Promise.resolve();
    return new Promise<void>((resolve) => this.turns.push(resolve));
  }

  private scheduled = false;

  /**
   * The next batch is written after the requests already received are read: PGlite runs a statement on this
   * thread, so a batch started at once would hold only the first lead, and the others would wait for it unread.
   */
  private scheduleWrite(): void {
    if (this.writing || this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.writeNext();
    });
  }

  private writeNext(): void {
    if (this.writing || this.waiting.length === 0) return;
    this.writing = true;
    void this.write(this.takeBatch(), () => {
      this.writing = false;
      this.scheduleWrite();
      for (const turn of this.turns.splice(0)) turn();
    });
  }

  /** The waiting leads in their order, at most maxBatch, no key twice. */
  private takeBatch(): Waiting<Lead, Result>[] {
    const keys = new Set<string>();
    const batch: Waiting<Lead, Result>[] = [];
    const rest: Waiting<Lead, Result>[] = [];
    for (const entry of this.waiting) {
      const key = this.steps.keyOf(entry.lead);
      if (batch.length < this.maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(entry);
      } else rest.push(entry);
    }
    this.waiting.splice(0, this.waiting.length, ...rest);
    return batch;
  }

  private async write(batch: Waiting<Lead, Result>[], release: () => void): Promise<void> {
    let ids: (number | null | Refused)[];
    try {
      ids = await this.insertEach(batch.map((entry) => entry.lead));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
      return;
    } finally {
      release();
    }
    const stored = batch.filter((_, index) => typeof ids[index] === 'number');
    const acknowledged =
      stored.length > 0 ? this.steps.acknowledge(stored.map((entry) => entry.lead)) : Promise.resolve();
    batch.forEach((entry, index) => {
      const id = ids[index];
      if (id instanceof Refused) entry.reject(id.error);
      else if (id === null) entry.resolve(this.steps.notInserted(entry.lead));
      else entry.resolve(acknowledged.then(() => this.steps.resultOf(id!)));
    });
  }

  /**
   * The batch in one statement; should it fail, each lead alone, so that a lead the database refuses fails by
   * itself. A database out of reach fails them all at once.
   */
  private async insertEach(leads: Lead[]): Promise<(number | null | Refused)[]> {
    try {
      return await this.steps.insert(leads);
    } catch (error) {
      if (leads.length === 1 || error instanceof DatabaseUnavailableError) throw error;
    }
    const ids: (number | null | Refused)[] = [];
    for (const lead of leads) {
      try {
        ids.push((await this.steps.insert([lead]))[0] ?? null);
      } catch (error) {
        if (error instanceof DatabaseUnavailableError) throw error;
        ids.push(new Refused(error));
      }
    }
    return ids;
  }
}
