import { describe, expect, it } from 'vitest';
import { HttpError } from '../platform/http/errors.ts';
import { CourierDesk } from './desk.ts';
import { ManualCourier, SHIPROCKET_NOT_SET_UP } from './manual-courier.ts';

describe('the desk when the shop ships by hand', () => {
  // Manual shipping refuses before it reads or writes anything: no database is needed to show it.
  const desk = new CourierDesk({
    db: undefined as never,
    courier: new ManualCourier(),
    manual: true,
    shipments: undefined as never,
    storage: undefined as never,
    catalogue: undefined as never,
  });

  it('answers 409 explaining that Shiprocket is not set up', async () => {
    expect(desk.throughCourier).toBe(false);
    expect(() => desk.ensureCourier()).toThrow(new HttpError(409, SHIPROCKET_NOT_SET_UP));
    await expect(desk.manifest(['x'])).rejects.toMatchObject({ statusCode: 409, message: SHIPROCKET_NOT_SET_UP });
  });
});
