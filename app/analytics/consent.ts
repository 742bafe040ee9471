/** The privacy signals a browser sends: Do Not Track and Global Privacy Control. */
export interface PrivacySignals {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}

/** Whether this visitor's visits may be counted: not when their browser asks sites not to (decision 0037). */
export const mayMeasure = ({ doNotTrack, globalPrivacyControl }: PrivacySignals): boolean =>
  doNotTrack !== '1' && globalPrivacyControl !== true;
