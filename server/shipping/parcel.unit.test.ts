import { describe, expect, it } from 'vitest';
import { HttpError } from '../platform/http/errors.ts';
import { CourierDesk } from './desk.ts';
import { ManualCourier, SHIPROCKET_NOT_SET_UP } from './manual-courier.ts';
import { DEFAULT_PARCEL, parcelOf } from './parcel.ts';

describe('parcelOf', () => {
  it('sums the weights over the units and takes each largest side', () => {
    expect(
      parcelOf([
        { units: 3, weightKg: 0.1, lengthCm: 20, breadthCm: 5, heightCm: 10 },
        { units: 1, weightKg: 1.25, lengthCm: 12, breadthCm: 30, heightCm: 8 },
      ]),
    ).toEqual({ weightKg: 1.55, lengthCm: 20, breadthCm: 30, heightCm: 10 });
  });

  it('gives the default parcel per unit of a product without a size, and for no lines', () => {
    expect(parcelOf([{ units: 2, ...DEFAULT_PARCEL }])).toEqual({ ...DEFAULT_PARCEL, weightKg: 1 });
    expect(parcelOf([])).toEqual({ weightKg: 0.5, lengthCm: 20, breadthCm: 15, heightCm: 10 });
  });
});

describe('the desk when the shop ships by hand', () => {
  // Manual shipping refuses before it reads or writes anything: no database is needed to show it.
  const desk = new CourierDesk({
    db: undefined as never,
    courier: new ManualCourier(),
    manual: true,
    shipments: undefined as never,
    storage: undefined as never,
  });

  it('answers 409 explaining that Shiprocket is not set up', async () => {
    expect(() => desk.ensureCourier()).toThrow(new HttpError(409, SHIPROCKET_NOT_SET_UP));
    await expect(desk.manifest(['x'])).rejects.toMatchObject({ statusCode: 409, message: SHIPROCKET_NOT_SET_UP });
  });
});
