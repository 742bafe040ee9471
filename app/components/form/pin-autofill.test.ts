import { describe, expect, it } from 'vitest';
import { PIN_MESSAGES, type PinAnswer } from '../../../core/contracts/shipping';
import { PinAutofill, type PinLookUp } from './pin-autofill';

const HYDERABAD: PinAnswer = {
  pin: '500001',
  districts: ['Hyderabad'],
  states: [{ name: 'Telangana', gstCode: '36' }],
};
const SILVASSA: PinAnswer = {
  pin: '396230',
  districts: ['Dadra & Nagar Haveli', 'Valsad'],
  states: [
    { name: 'Dadra and Nagar Haveli and Daman and Diu', gstCode: '26' },
    { name: 'Gujarat', gstCode: '24' },
  ],
};
const DIRECTORY: Record<string, PinAnswer> = { '500001': HYDERABAD, '396230': SILVASSA };

/** A form's city, state and notice as the autofill leaves them, and the PINs it asked about. */
function form(lookUp: PinLookUp = async (pin) => DIRECTORY[pin] ?? null, initialPin = '') {
  const state = { city: '', state: '', notice: null as string | null, asked: [] as string[] };
  const autofill = new PinAutofill(
    async (pin) => {
      state.asked.push(pin);
      return lookUp(pin);
    },
    { fill: (name, value) => (state[name] = value), notice: (message) => (state.notice = message) },
    initialPin,
  );
  return { state, autofill };
}

describe('the address form’s PIN autofill', () => {
  it('fills city with the first district and state with the first state once six digits are typed', async () => {
    const { state, autofill } = form();
    for (const typed of ['5', '50', '5000', '50000']) await autofill.pinTyped(typed);
    expect(state.asked).toEqual([]);
    await autofill.pinTyped('500001');
    expect(state).toMatchObject({ city: 'Hyderabad', state: 'Telangana', notice: null, asked: ['500001'] });
  });

  it('takes the first of several districts and states', async () => {
    const { state, autofill } = form();
    await autofill.pinTyped('396230');
    expect(state).toMatchObject({ city: 'Dadra & Nagar Haveli', state: 'Dadra and Nagar Haveli and Daman and Diu' });
  });

  it('leaves what the shopper typed after the autofill until the PIN changes', async () => {
    const { state, autofill } = form();
    await autofill.pinTyped('500001');
    state.city = 'Secunderabad';
    await autofill.pinTyped('500001'); // a re-render with the same PIN
    expect(state.city).toBe('Secunderabad');
    expect(state.asked).toEqual(['500001']);
    await autofill.pinTyped('396230');
    expect(state.city).toBe('Dadra & Nagar Haveli');
  });

  it('says an unknown PIN is unknown, fills nothing, and clears the sentence when the PIN changes', async () => {
    const { state, autofill } = form();
    await autofill.pinTyped('999999');
    expect(state).toMatchObject({ city: '', state: '', notice: PIN_MESSAGES.unknown });
    await autofill.pinTyped('99999');
    expect(state.notice).toBeNull();
  });

  it('does not look up a PIN starting with 0, or the PIN a saved address starts with', async () => {
    const { state, autofill } = form(undefined, '500001');
    await autofill.pinTyped('012345');
    await autofill.pinTyped('500001'); // back to the saved one: a change, so it is looked up
    expect(state.asked).toEqual(['500001']);
    const saved = form(undefined, '500001');
    await saved.autofill.pinTyped('500001');
    expect(saved.state.asked).toEqual([]);
  });

  it('drops a slow answer for a PIN no longer typed', async () => {
    let answerFirst: (answer: PinAnswer) => void = () => undefined;
    const lookUp: PinLookUp = (pin) =>
      pin === '500001' ? new Promise((resolve) => (answerFirst = resolve)) : Promise.resolve(DIRECTORY[pin] ?? null);
    const { state, autofill } = form(lookUp);
    const first = autofill.pinTyped('500001');
    await autofill.pinTyped('396230');
    answerFirst(HYDERABAD);
    await first;
    expect(state.state).toBe('Dadra and Nagar Haveli and Daman and Diu');
  });

  it('leaves the form alone when the look-up fails (offline)', async () => {
    const { state, autofill } = form(() => Promise.reject(new Error('offline')));
    await autofill.pinTyped('500001');
    expect(state).toMatchObject({ city: '', state: '', notice: null });
  });
});
