/**
 * A typed descriptor of what a module offers others (its face), or of an extension point flows gather steps at.
 * Compared by identity, never by name: the name is for messages and for grep (decision 0057).
 */
export interface Face<T> {
  readonly name: string;
  /**
   * Never set: carries T, so a face of one type cannot stand for an unrelated one. A method's parameter, so a
   * module may offer more than its face shows (the platform declares what other modules see of it, decision 0061).
   */
  readonly type?: { carries(value: T): void }['carries'];
}

export const face = <T>(name: string): Face<T> => Object.freeze({ name });

/** Any face, whatever it stands for: what maps and constraints hold. */
export type AnyFace = Face<unknown>;

/** The value type a face stands for. */
export type FaceValue<F> = F extends { readonly type?: (value: infer T) => void } ? T : never;

/** What a module's `needs` gives its `create`: each named face's value. */
export type FacesOf<Needs extends Record<string, AnyFace>> = { [K in keyof Needs]: FaceValue<Needs[K]> };

/** A named place where modules contribute steps, e.g. `extensionPoint<PrepaidStep>('placeOrder.prepaid')`. */
export interface ExtensionPoint<T> {
  readonly extensionPoint: string;
  readonly type?: T;
}

export const extensionPoint = <T>(name: string): ExtensionPoint<T> => Object.freeze({ extensionPoint: name });
