// The kernel puts a list of modules together (decision 0057): by what they need, with their own settings.
import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  assemble,
  AssemblyError,
  contribute,
  defineModule,
  extensionPoint,
  face,
  mergedSettings,
  startOrder,
} from './index.ts';

interface Clock {
  now(): number;
}
interface Greeter {
  greet(name: string): string;
}
const clockFace = face<Clock>('clock');
const greeterFace = face<Greeter>('greeter');
const greetings = extensionPoint<(name: string) => string>('test.greetings');

function modules(log: string[] = []) {
  const clock = defineModule({
    name: 'clock',
    provides: clockFace,
    create: () => ({ now: () => 42 }),
    start: async () => void log.push('start clock'),
    stop: async () => void log.push('stop clock'),
  });
  const greeter = defineModule({
    name: 'greeter',
    settings: z.object({ GREETING: z.string().default('Namaste') }),
    needs: { clock: clockFace },
    provides: greeterFace,
    create: ({ settings, needs }) => ({
      greet: (name: string) => `${settings.GREETING}, ${name} (${needs.clock.now()})`,
    }),
    routes: async (app, own) => {
      app.get('/greet', async () => ({ message: own.greet('Asha') }));
    },
    contributes: [contribute(greetings, (own: Greeter) => (name: string) => own.greet(name))],
    start: async () => void log.push('start greeter'),
    stop: async () => void log.push('stop greeter'),
  });
  return { clock, greeter };
}

describe('the kernel', () => {
  it('starts a module after what it needs, whatever the list order, and stops in reverse', async () => {
    const log: string[] = [];
    const { clock, greeter } = modules(log);
    expect(startOrder([greeter, clock]).map((module) => module.name)).toEqual(['clock', 'greeter']);
    const assembly = await assemble([greeter, clock], { settings: { GREETING: 'Vanakkam' } });
    expect(assembly.faceOf(greeterFace).greet('Ravi')).toBe('Vanakkam, Ravi (42)');
    expect(assembly.contributions(greetings).map((greet) => greet('Meera'))).toEqual(['Vanakkam, Meera (42)']);
    await assembly.stop();
    expect(log).toEqual(['start clock', 'start greeter', 'stop greeter', 'stop clock']);
  });

  it('registers each module’s routes', async () => {
    const { clock, greeter } = modules();
    const assembly = await assemble([clock, greeter], { settings: { GREETING: 'Namaste' } });
    const app = Fastify();
    await assembly.registerRoutes(app);
    expect((await app.inject({ url: '/greet' })).json()).toEqual({ message: 'Namaste, Asha (42)' });
    await app.close();
  });

  it('takes a face the root gives instead of a module', async () => {
    const { greeter } = modules();
    const given = new Map([[clockFace, { now: () => 7 }]]);
    const assembly = await assemble([greeter], { settings: { GREETING: 'Namaste' }, given });
    expect(assembly.faceOf(greeterFace).greet('Asha')).toBe('Namaste, Asha (7)');
  });

  it('names a need nobody offers, a circle, a face offered twice and a setting declared twice', () => {
    const { clock, greeter } = modules();
    expect(() => startOrder([greeter])).toThrow(
      new AssemblyError('greeter needs the face clock, which no module in the list offers'),
    );
    const chicken = defineModule({
      name: 'chicken',
      needs: { egg: greeterFace },
      provides: clockFace,
      create: () => ({ now: () => 1 }),
    });
    expect(() => startOrder([chicken, greeter])).toThrow(
      'Modules need each other in a circle: chicken → greeter → chicken',
    );
    expect(() => startOrder([clock, chicken])).toThrow('The face clock is offered by both clock and chicken');
    const echo = defineModule({ name: 'echo', settings: z.object({ GREETING: z.string() }), create: () => ({}) });
    expect(() => mergedSettings([greeter, echo])).toThrow('The setting GREETING is declared by both greeter and echo');
    expect(Object.keys(mergedSettings([greeter], z.object({ PORT: z.string() })).shape)).toEqual(['PORT', 'GREETING']);
  });

  it('stops what it started when a later module fails to start, and reports that failure', async () => {
    const log: string[] = [];
    const { clock, greeter } = modules(log);
    const broken = defineModule({
      name: 'broken',
      needs: { greeter: greeterFace },
      create: () => ({}),
      start: () => Promise.reject(new Error('no disk')),
    });
    await expect(assemble([clock, greeter, broken], { settings: {} })).rejects.toThrow('no disk');
    expect(log).toEqual(['start clock', 'start greeter', 'stop greeter', 'stop clock']);
  });
});
