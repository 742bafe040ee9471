import { describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { PIN_MESSAGES } from '../../core/contracts/shipping.ts';
import { testShopFor } from '../testing/harness.ts';
import { loadConfig } from '../root/modules.ts';
import { openDatabase } from '../platform/db/client.ts';
import { RATE_LIMIT_HEADERS } from '../platform/http/api-rate-limit.ts';
import { pinDirectory } from './schema.ts';
import { PinDirectory } from './pin-directory.ts';
import { readPinRows } from './pin-source.ts';
import { GST_STATE_CODES } from './states.ts';

// The shop's own per-address limit, not the harness's raised one: the directory must serve ≥ 60 look-ups a minute.
const DEFAULT_PER_ADDRESS = loadConfig({ NODE_ENV: 'test' }).API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE;
const shop = testShopFor({ API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: String(DEFAULT_PER_ADDRESS) });
const lookUp = (pin: string) => shop().app.inject({ method: 'GET', url: `/api/pincode/${pin}` });

describe('GET /api/pincode/{pin}', () => {
  it.each([
    ['110001', 'Delhi', '07', 'Central Delhi'],
    ['500001', 'Telangana', '36', 'Hyderabad'],
    ['194101', 'Ladakh', '38', 'Leh'],
  ])('%s is in %s (GST %s), district %s', async (pin, state, gstCode, district) => {
    const answer = await lookUp(pin);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ pin, states: [{ name: state, gstCode }] });
    expect(answer.json().districts).toContain(district);
  });

  it('names the merged union territory for 396230, with Gujarat beside it', async () => {
    const answer = await lookUp('396230');
    expect(answer.statusCode, answer.body).toBe(200);
    const states = answer.json().states as Array<{ name: string; gstCode: string }>;
    expect(states).toContainEqual({ name: 'Dadra and Nagar Haveli and Daman and Diu', gstCode: '26' });
    expect(states.filter((state) => state.name !== 'Dadra and Nagar Haveli and Daman and Diu')).toEqual([
      { name: 'Gujarat', gstCode: '24' },
    ]);
  });

  it.each(['12345', '012345', 'abcdef', '1234567'])('refuses %s with 400 {message}', async (pin) => {
    const answer = await lookUp(pin);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({ message: PIN_MESSAGES.invalid });
  });

  it('answers 404 {message} for a PIN-shaped code it does not know', async () => {
    const answer = await lookUp('999999');
    expect(answer.statusCode, answer.body).toBe(404);
    expect(answer.json()).toEqual({ message: PIN_MESSAGES.unknown });
  });

  it('answers 60 look-ups a minute from one client under the default limit', async () => {
    expect(DEFAULT_PER_ADDRESS).toBeGreaterThanOrEqual(60);
    const answers = await Promise.all(Array.from({ length: 60 }, () => lookUp('500001')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(60).fill(200));
    // The general limit counted them (and this file's earlier look-ups), with room left after the sixtieth.
    const remaining = answers.map((answer) => Number(answer.headers[RATE_LIMIT_HEADERS.remaining]));
    expect(Math.min(...remaining)).toBeGreaterThan(0);
    expect(Math.min(...remaining)).toBeLessThanOrEqual(DEFAULT_PER_ADDRESS - 60);
  });
});

describe('the PIN directory', () => {
  it('holds at least 19,000 PINs, every state named as today with a GST code', async () => {
    const { db } = shop().services.database;
    const [pins] = await db.select({ pins: sql<number>`count(distinct ${pinDirectory.pin})::int` }).from(pinDirectory);
    expect(pins!.pins).toBeGreaterThanOrEqual(19_000);
    const states = await db.selectDistinct({ state: pinDirectory.state }).from(pinDirectory);
    expect(states.map(({ state }) => state).filter((state) => !(state in GST_STATE_CODES))).toEqual([]);
    expect(states.map(({ state }) => state)).not.toContain('Jammu & Kashmir');
  });

  it('fills an empty database, and leaves a full one alone', async () => {
    const database = await openDatabase({});
    try {
      await database.migrate();
      const directory = new PinDirectory(database);
      const rows = readPinRows();
      const started = performance.now();
      expect(await directory.fillIfEmpty(() => rows)).toBe(true);
      const filledMs = performance.now() - started;
      const [stored] = await database.db.select({ rows: count() }).from(pinDirectory);
      expect(stored!.rows).toBe(rows.length);
      expect(await directory.fillIfEmpty(() => rows)).toBe(false);
      console.info(`PIN directory: ${rows.length} rows filled on PGlite in ${Math.round(filledMs)} ms`);
    } finally {
      await database.close();
    }
  });
});
