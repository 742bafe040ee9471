import { describe, expect, it } from 'vitest';
import { auditActionLabel } from './audit-actions';

describe("the audit log's actions in words", () => {
  it('names every sign-in event, with what it recorded', () => {
    const label = (action: string, after: unknown) => auditActionLabel({ action, after });
    expect(label('auth.sign-in', { step: 'password', next: 'code' })).toBe('Password accepted; the code comes next');
    expect(label('auth.sign-in', { step: 'second factor', method: 'recovery code' })).toBe(
      'Signed in with recovery code',
    );
    expect(label('auth.code-wrong', { kind: 'authenticator', failures: 3 })).toBe(
      'Wrong authenticator code (3 of 5 in 15 minutes)',
    );
    expect(label('auth.code-wrong', { kind: 'recovery code', failures: 1 })).toBe(
      'Wrong recovery code (1 of 5 in 15 minutes)',
    );
    expect(label('auth.locked', { failures: 5, lockedForSeconds: 900 })).toBe(
      'Code step locked for 15 minutes after wrong codes',
    );
    expect(label('auth.locked', { lockedForSeconds: 86_400 })).toBe('Code step locked for 24 hours after wrong codes');
    expect(label('auth.recovery-code-used', { codesLeft: 9 })).toBe('Recovery code used, 9 left');
    expect(label('auth.enrolled', { method: 'authenticator' })).toBe('Authenticator app set up');
    expect(label('auth.owner-created', { createdAccount: true })).toBe(
      'Owner made from the command line (a new account)',
    );
    expect(label('admin.invitation-sent', null)).toBe('Invitation sent');
  });

  it('leaves an action whose code says enough, or one it does not know, without words', () => {
    expect(auditActionLabel({ action: 'product.update', after: { price: 800 } })).toBeNull();
    expect(auditActionLabel({ action: 'auth.locked', after: null })).toMatch(/^Code step locked/);
  });
});
