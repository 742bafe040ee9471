import { onCommit, type Database, type Db } from './client.ts';

/** One named step of a workflow: it runs inside the workflow's transaction and reads or fills its context. */
export interface Step<Context> {
  name: string;
  run(tx: Db, context: Context): Promise<unknown>;
}

/** Work that must wait until the workflow has committed (a cache notice, a wake-up); its failure is only logged. */
export interface AfterCommit<Context> {
  name: string;
  run(context: Context): unknown;
}

/**
 * A flow across modules (placing an order, paying, cancelling, refunding): its steps run in order in one
 * transaction, each calling the module that owns its tables; `afterCommit` runs once the transaction has committed.
 */
export interface Workflow<Context> {
  name: string;
  steps: readonly Step<Context>[];
  afterCommit?: readonly AfterCommit<Context>[];
}

export type WorkflowLog = (message: string, error: unknown) => void;

const failedSteps = new WeakMap<object, string>();
/** Which of `together`'s steps threw, until runSteps names the whole path. */
const failedParts = new WeakMap<object, string>();
const isObject = (error: unknown): error is object => typeof error === 'object' && error !== null;

/** `workflow.step` that threw this error, for the log; undefined when no workflow step did. */
export function failedStepOf(error: unknown): string | undefined {
  return isObject(error) ? failedSteps.get(error) : undefined;
}

/**
 * Runs the workflow in a new transaction (rolled back when a step throws, the step's name kept with the error),
 * then its after-commit work. Returns the context the steps filled.
 */
export async function runWorkflow<Context>(
  database: Database,
  workflow: Workflow<Context>,
  context: Context,
  log: WorkflowLog = defaultLog,
): Promise<Context> {
  await database.transaction((tx) => runSteps(tx, workflow, context, log));
  return context;
}

/**
 * Runs the workflow's steps inside a transaction that is already open (one workflow joining another's, e.g. a
 * refund inside a cancellation); its after-commit work waits for that transaction's commit.
 */
export async function runSteps<Context>(
  tx: Db,
  workflow: Workflow<Context>,
  context: Context,
  log: WorkflowLog = defaultLog,
): Promise<void> {
  for (const step of workflow.steps) {
    try {
      await step.run(tx, context);
    } catch (error) {
      // A workflow run inside this step named its own failed step already: the innermost name is the useful one.
      if (isObject(error) && !failedSteps.has(error)) {
        const part = failedParts.get(error);
        failedSteps.set(error, `${workflow.name}.${step.name}${part ? `.${part}` : ''}`);
      }
      throw error;
    }
  }
  for (const work of workflow.afterCommit ?? []) {
    onCommit(tx, () => runAfterCommit(workflow.name, work, context, log));
  }
}

async function runAfterCommit<Context>(name: string, work: AfterCommit<Context>, context: Context, log: WorkflowLog) {
  try {
    await work.run(context);
  } catch (error) {
    log(`${name}.${work.name} failed after commit`, error);
  }
}

/**
 * Opt-in for a hot path: steps that need nothing from each other's answers, sent together so they share one
 * round trip on PostgreSQL (the connection pipelines them). All are awaited; the first failure is thrown, named.
 */
export function together<Context>(name: string, steps: readonly Step<Context>[]): Step<Context> {
  return {
    name,
    async run(tx, context) {
      const outcomes = await Promise.allSettled(steps.map((step) => step.run(tx, context)));
      const failed = outcomes.findIndex((outcome) => outcome.status === 'rejected');
      if (failed < 0) return;
      const error = (outcomes[failed] as PromiseRejectedResult).reason;
      if (isObject(error)) failedParts.set(error, steps[failed]!.name);
      throw error;
    },
  };
}

const defaultLog: WorkflowLog = (message, error) => console.error(message, error);
