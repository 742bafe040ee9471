// Where this process is in its life, as its readiness route tells a balancer (issue 33): starting until it is
// started, ready, then draining from SIGTERM until it exits.
import { face } from './kernel/face.ts';

export type ProcessPhase = 'starting' | 'ready' | 'draining';

export class ProcessState {
  #phase: ProcessPhase = 'starting';

  get phase(): ProcessPhase {
    return this.#phase;
  }

  /** Started: the modules run and the server listens. A draining process never becomes ready again. */
  started(): void {
    if (this.#phase === 'starting') this.#phase = 'ready';
  }

  /** SIGTERM: readiness answers 503 from now on, while requests are still served. */
  drain(): void {
    this.#phase = 'draining';
  }
}

export const processFace = face<ProcessState>('process');
