import { z } from 'zod';
import { DAY_MS, etdText } from './india-time.ts';

/**
 * Which PINs the simulator's couriers serve, deterministic so tests and the e2e journey can pick their PIN:
 * - unserviceable: a PIN starting with one of `unserviceablePrefixes` ("9") or listed in `unserviceablePins`. Its
 *   answer takes Shiprocket's two forms by the PIN's last digit: odd → HTTP 404, even → HTTP 200 with
 *   `{status: 404, message}` (or always one form, by `unserviceableForm`);
 * - no cash on delivery: a PIN starting with one of `noCodPrefixes` ("8") or listed in `noCodPins`: every courier
 *   has `cod: 0`;
 * - any other PIN: three couriers, two with `cod: 1`; the fastest takes 2 days plus one per step between the
 *   first digits of the pickup and delivery PINs (postal zones), the others one and two days more.
 * The control API (PUT /control/serviceability) replaces the lists.
 */
export const serviceabilityRuleSchema = z.object({
  unserviceablePrefixes: z.array(z.string().regex(/^\d{1,6}$/)).default(['9']),
  unserviceablePins: z.array(z.string().regex(/^\d{6}$/)).default([]),
  noCodPrefixes: z.array(z.string().regex(/^\d{1,6}$/)).default(['8']),
  noCodPins: z.array(z.string().regex(/^\d{6}$/)).default([]),
  unserviceableForm: z.enum(['by-last-digit', 'http-404', 'status-404']).default('by-last-digit'),
});
export type ServiceabilityRule = z.infer<typeof serviceabilityRuleSchema>;

export const defaultServiceabilityRule = (): ServiceabilityRule => serviceabilityRuleSchema.parse({});

export interface SimulatedCourier {
  courier_company_id: number;
  courier_name: string;
  cod: 0 | 1;
  days: number;
  rate: number;
}

export type ServiceabilityVerdict =
  { kind: 'unserviceable'; form: 'http-404' | 'status-404' } | { kind: 'served'; couriers: SimulatedCourier[] };

const listed = (pin: string, prefixes: string[], pins: string[]) =>
  pins.includes(pin) || prefixes.some((prefix) => pin.startsWith(prefix));

export function serviceabilityOf(rule: ServiceabilityRule, pickupPin: string, deliveryPin: string) {
  if (listed(deliveryPin, rule.unserviceablePrefixes, rule.unserviceablePins)) {
    const form =
      rule.unserviceableForm === 'by-last-digit'
        ? Number(deliveryPin.at(-1)) % 2 === 1
          ? 'http-404'
          : 'status-404'
        : rule.unserviceableForm;
    return { kind: 'unserviceable', form } satisfies ServiceabilityVerdict;
  }
  const cod = listed(deliveryPin, rule.noCodPrefixes, rule.noCodPins) ? 0 : 1;
  const base = 2 + Math.abs(Number(deliveryPin[0]) - Number(pickupPin[0]));
  const couriers: SimulatedCourier[] = [
    { courier_company_id: 24, courier_name: 'Blue Dart Air', cod: 0, days: base, rate: 142.5 },
    { courier_company_id: 43, courier_name: 'Xpressbees Surface', cod, days: base + 1, rate: 71.3 },
    { courier_company_id: 10, courier_name: 'Delhivery Surface', cod, days: base + 2, rate: 64.9 },
  ];
  return { kind: 'served', couriers } satisfies ServiceabilityVerdict;
}

/** Serviceability's 200 answer for served PINs, as Shiprocket writes it. */
export function servedAnswer(couriers: SimulatedCourier[], weightKg: number, now = new Date()) {
  const available = couriers.map((courier) => ({
    courier_company_id: courier.courier_company_id,
    courier_name: courier.courier_name,
    rate: Math.round(courier.rate * Math.max(1, Math.ceil(weightKg / 0.5)) * 100) / 100,
    cod: courier.cod,
    cod_charges: courier.cod ? 35 : 0,
    rto_charges: courier.rate,
    etd: etdText(new Date(now.getTime() + courier.days * DAY_MS)),
    estimated_delivery_days: String(courier.days),
    etd_hours: courier.days * 24,
    min_weight: 0.5,
  }));
  const cheapest = [...couriers].sort((a, b) => a.rate - b.rate)[0];
  return {
    status: 200,
    currency: 'INR',
    data: {
      available_courier_companies: available,
      blocked_courier_companies: [],
      recommended_courier_company_id: cheapest?.courier_company_id ?? null,
    },
  };
}
