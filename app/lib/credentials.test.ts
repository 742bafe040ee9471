import { describe, expect, it } from 'vitest';
import { announceSession, onSessionChange } from './credentials';

describe('the session channel', () => {
  it('tells listeners at once and waits for the work they start', async () => {
    const heard: string[] = [];
    let merged = false;
    const stop = onSessionChange((event) => {
      heard.push(event.type);
      return new Promise<void>((resolve) => setTimeout(resolve, 10)).then(() => void (merged = true));
    });
    const announced = announceSession({ type: 'signed-in' });
    expect(heard).toEqual(['signed-in']);
    await announced;
    expect(merged).toBe(true);
    stop();
  });

  it("never fails because of a listener's failure, and others still hear it", async () => {
    const heard: string[] = [];
    const stops = [
      onSessionChange(() => {
        throw new Error('sync failure');
      }),
      onSessionChange(() => Promise.reject(new Error('async failure'))),
      onSessionChange((event) => void heard.push(event.type)),
    ];
    await expect(announceSession({ type: 'signed-out' })).resolves.toBeUndefined();
    expect(heard).toEqual(['signed-out']);
    for (const stop of stops) stop();
  });

  it('stops telling a listener once it unsubscribed', async () => {
    const heard: string[] = [];
    const stop = onSessionChange((event) => void heard.push(event.type));
    stop();
    await announceSession({ type: 'session-expired' });
    expect(heard).toEqual([]);
  });
});
