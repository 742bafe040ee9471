// The PIN a shopper last checked on a product page, kept in this browser so checkout's address form starts from it
// (issue 34). Storage may be refused (private modes, full quota): the PIN is then simply not remembered.
import { REMEMBERED_PIN_KEY } from '../../core/constants';

export function rememberPin(pin: string): void {
  try {
    localStorage.setItem(REMEMBERED_PIN_KEY, pin);
  } catch {
    // Not remembered; nothing else depends on it.
  }
}

export function rememberedPin(): string | null {
  try {
    return localStorage.getItem(REMEMBERED_PIN_KEY);
  } catch {
    return null;
  }
}
