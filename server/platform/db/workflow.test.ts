import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../testing/harness.ts';
import { describeError, serializeError } from '../http/logger.ts';
import { executePrepared, onCommit, type Db } from './client.ts';
import { failedStepOf, runSteps, runWorkflow, together, type Step, type Workflow } from './workflow.ts';

let shop: TestShop;
const database = () => shop.services.database;
const insert = (tx: Db, n: number) => tx.execute(sql`insert into workflow_probe (n) values (${n})`);
const stored = async () =>
  (
    await executePrepared<{ n: number }>(database().db, 'probe-select', sql`select n from workflow_probe order by n`)
  ).map((row) => row.n);

interface Probe {
  done: string[];
}
const inserting = (name: string, n: number): Step<Probe> => ({
  name,
  run: async (tx, context) => {
    await insert(tx, n);
    context.done.push(name);
  },
});
const failing = (name: string): Step<Probe> => ({
  name,
  run: async () => {
    throw new Error(`${name} refused`);
  },
});

beforeAll(async () => {
  shop = await startTestShop();
  await database().db.execute(sql`create table workflow_probe (n int primary key)`);
});
beforeEach(async () => {
  await database().db.execute(sql`delete from workflow_probe`);
});
afterAll(async () => {
  await database().db.execute(sql`drop table if exists workflow_probe`);
  await shop?.close();
});

describe('runWorkflow', () => {
  it('runs the steps in order in one transaction, then the after-commit work, which sees the commit', async () => {
    const seenAfterCommit: number[][] = [];
    const workflow: Workflow<Probe> = {
      name: 'probe',
      steps: [inserting('first', 1), inserting('second', 2)],
      afterCommit: [{ name: 'look', run: async () => void seenAfterCommit.push(await stored()) }],
    };
    const context = await runWorkflow(database(), workflow, { done: [] });
    expect(context.done).toEqual(['first', 'second']);
    await expect.poll(() => seenAfterCommit).toEqual([[1, 2]]);
  });

  it('rolls every step back when one fails, names the failed step, and runs no after-commit work', async () => {
    let afterCommit = 0;
    const workflow: Workflow<Probe> = {
      name: 'probe',
      steps: [inserting('first', 1), failing('second'), inserting('third', 3)],
      afterCommit: [{ name: 'count', run: () => afterCommit++ }],
    };
    const context = { done: [] };
    const error = await runWorkflow(database(), workflow, context).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(failedStepOf(error)).toBe('probe.second');
    expect(context.done).toEqual(['first']);
    expect(await stored()).toEqual([]);
    expect(afterCommit).toBe(0);
  });

  it('names the failed one of steps sent together, and the innermost step of a workflow run inside a step', async () => {
    const grouped: Workflow<Probe> = {
      name: 'grouped',
      steps: [together('open', [inserting('a', 1), failing('b')])],
    };
    expect(failedStepOf(await runWorkflow(database(), grouped, { done: [] }).catch((e: unknown) => e))).toBe(
      'grouped.open.b',
    );
    const inner: Workflow<Probe> = { name: 'refund', steps: [failing('startRefund')] };
    const outer: Workflow<Probe> = {
      name: 'cancel',
      steps: [{ name: 'refundIfPaid', run: (tx, context) => runSteps(tx, inner, context) }],
    };
    expect(failedStepOf(await runWorkflow(database(), outer, { done: [] }).catch((e: unknown) => e))).toBe(
      'refund.startRefund',
    );
    expect(await stored()).toEqual([]);
  });
});

describe('a failed step in the log', () => {
  it('names the workflow and the step beside the database error, never the values', async () => {
    await insert(database().db, 7);
    const workflow: Workflow<Probe> = { name: 'probe', steps: [inserting('first', 1), inserting('duplicate', 7)] };
    const error = await runWorkflow(database(), workflow, { done: [] }).catch((thrown: unknown) => thrown);
    expect(describeError(error)).toMatch(/^probe\.duplicate failed: Database error 23505 \(workflow_probe_pkey\)/);
    expect(describeError(error)).not.toContain('7');
    expect(serializeError(error)).toMatchObject({ step: 'probe.duplicate', code: '23505' });
  });
});

describe('onCommit', () => {
  it('runs after the commit, and never for a transaction that rolled back', async () => {
    const ran: string[] = [];
    await database().transaction(async (tx) => {
      await insert(tx, 5);
      onCommit(tx, () => ran.push('committed'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['committed']);
    await database()
      .transaction(async (tx) => {
        onCommit(tx, () => ran.push('rolled back'));
        await insert(tx, 5); // taken
      })
      .catch(() => {});
    expect(ran).toEqual(['committed']);
    expect(await stored()).toEqual([5]);
  });

  it('runs at once outside a transaction, where the write has committed already', () => {
    const ran: string[] = [];
    onCommit(database().db, () => ran.push('now'));
    expect(ran).toEqual(['now']);
  });
});
