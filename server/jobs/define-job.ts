import type { z } from 'zod';
import type { TDb, TTx } from '../db/connect.ts';
import { enqueueJob, enqueueJobOnce } from './jobs.repository.ts';

/** A payload's schema: an object, as the jobs table keeps JSON objects (dates as ISO strings). */
export type TPayloadSchema = z.ZodType<unknown, Record<string, unknown>>;

/** How a kind of job is retried and what is kept of it; kinds without one retry forever, at most a day apart. */
export interface TJobPolicy {
  /** Give up (state failed) once a temporary failure happens this long after the job was created. */
  giveUpAfterMs?: number;
  /** Longest wait between two attempts (default one day). */
  maxBackoffMs?: number;
  /** What the payload becomes once the job is done or failed (e.g. an email without its single-use link). */
  scrub?: (payload: Record<string, unknown>) => Record<string, unknown>;
}

/** When a queued job runs, and whom it is about. */
export interface TEnqueueOptions {
  runAt: Date;
  /** The member it is about (per-member limits). */
  userId?: number;
  /** Defaults to the database clock. */
  createdAt?: Date;
}

/** A kind of job as the code that queues it sees it: its name, its payload's schema, and the one way to queue it. */
export interface TDeclaredJob<S extends TPayloadSchema = TPayloadSchema> {
  readonly kind: string;
  readonly payload: S;
  /** Adds a job in the caller's transaction, so it exists exactly when the change that causes it commits. */
  enqueue(tx: TDb | TTx, payload: z.input<S> & Record<string, unknown>, options: TEnqueueOptions): Promise<number>;
  /**
   * Adds the job unless one of this kind whose payload contains `match` exists, pending or not (a step of a chain
   * that runs twice never starts a second chain).
   */
  enqueueOnce(
    tx: TDb | TTx,
    payload: z.input<S> & Record<string, unknown>,
    options: { runAt: Date; match: Partial<z.input<S>> & Record<string, unknown> },
  ): Promise<void>;
}

/** A kind of job as the runner sees it: its policy and how to run a stored payload. */
export interface TJobDefinition {
  readonly kind: string;
  readonly policy: TJobPolicy;
  /** Parses the stored payload with the kind's schema (JobPayloadError when it does not parse), then runs the handler. */
  run(payload: unknown): Promise<void>;
}

/** A stored payload that does not match its kind's schema: no attempt can fix it, so the job fails at once. */
export class JobPayloadError extends Error {
  override name = 'JobPayloadError';
}

/** Every kind declared so far (module level), for the check that the runner has a definition for each. */
const declared = new Map<string, TDeclaredJob>();

/** Declares a kind of job at module level: its name and its payload's zod schema. */
export function declareJob<S extends TPayloadSchema>(spec: { kind: string; payload: S }): TDeclaredJob<S> {
  const job: TDeclaredJob<S> = {
    kind: spec.kind,
    payload: spec.payload,
    enqueue: (tx, payload, options) => enqueueJob(tx, { kind: spec.kind, payload, ...options }),
    enqueueOnce: (tx, payload, { runAt, match }) => enqueueJobOnce(tx, { kind: spec.kind, payload, runAt }, match),
  };
  // A module evaluated again (the dev server reloading it) declares its kinds again: the last one stands.
  declared.set(spec.kind, job);
  return job;
}

/** The kinds declared by the modules loaded so far. */
export function declaredJobKinds(): string[] {
  return [...declared.keys()].sort();
}

/** Defines how a declared kind runs: the handler gets the payload as its schema parsed it. */
export function defineJob<S extends TPayloadSchema>(
  job: TDeclaredJob<S>,
  spec: { policy?: TJobPolicy; handler: (payload: z.output<S>) => Promise<void> },
): TJobDefinition {
  return {
    kind: job.kind,
    policy: spec.policy ?? {},
    async run(payload) {
      const parsed = job.payload.safeParse(payload);
      if (!parsed.success) {
        // Where and what kind of mismatch, never the values (a payload may hold an address or a link).
        const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.code}`).join(', ');
        throw new JobPayloadError(`payload does not match the ${job.kind} schema: ${issues}`);
      }
      await spec.handler(parsed.data);
    },
  };
}
