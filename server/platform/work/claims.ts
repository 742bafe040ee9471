import type { LeaseKeeper } from './leases.ts';

/**
 * The loop behind claimed work (jobs, mails; decision 0021): claims a batch, keeps its leases renewed while `work`
 * runs on it and drops them once it is done, whatever the outcome; again until nothing is due or `stopping`.
 * Returns what the batches' work counted, added up.
 */
export async function workThroughClaims<Claim>({
  claim,
  leases,
  stopping,
  work,
}: {
  claim: () => Promise<Claim[]>;
  leases: LeaseKeeper<Claim>;
  stopping: () => boolean;
  work: (batch: Claim[]) => Promise<number>;
}): Promise<number> {
  let counted = 0;
  while (!stopping()) {
    const batch = await claim();
    if (batch.length === 0) break;
    leases.hold(batch);
    try {
      counted += await work(batch);
    } finally {
      await leases.drop(batch);
    }
  }
  return counted;
}

/**
 * Runs `each` on a batch's claims in their order, `concurrency` at a time; once `stopping`, it takes up no more.
 * Returns the claims whose run said true, and those never taken up, for the caller to hand back.
 */
export async function inTurn<Claim>(
  batch: Claim[],
  { concurrency, stopping }: { concurrency: number; stopping: () => boolean },
  each: (claim: Claim) => Promise<boolean>,
): Promise<{ succeeded: Claim[]; notStarted: Claim[] }> {
  const succeeded: Claim[] = [];
  let next = 0;
  const worker = async () => {
    while (next < batch.length && !stopping()) {
      const claim = batch[next++]!;
      if (await each(claim)) succeeded.push(claim);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, worker));
  return { succeeded, notStarted: batch.slice(next) };
}
