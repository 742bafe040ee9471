import { z } from 'zod';
import { contribute, defineModule } from '../platform/kernel/index.ts';
import { secret } from '../platform/kernel/setting-types.ts';
import { databaseFace, rateLimitsFace, shopFace } from '../platform/faces.ts';
import { auditFace } from '../platform/audit/face.ts';
import { authFace, endSessions, newPasswordRule } from '../platform/auth/face.ts';
import { mailFace } from '../platform/mail/face.ts';
import { AdminService } from './service.ts';
import { AdminInvitations } from './invitations.ts';
import { loadSecretsKey } from './secret-box.ts';
import { adminApi } from './routes.ts';

export interface BackOffice {
  admin: AdminService;
  /** Staff come in by invitation only (decision 0048). */
  adminInvitations: AdminInvitations;
}

export const adminModule = defineModule({
  name: 'admin',
  settings: z.object({
    /**
     * Encrypts the back office's authenticator secrets (AES-256-GCM, decision 0047): 32 bytes as 64 hex characters.
     * Required in production; elsewhere made once into $DATA_DIR/secrets.key.
     */
    SECRETS_KEY: secret(
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 random bytes: openssl rand -hex 32)')
        .optional(),
    ),
    /** A back-office invitation's link works this many hours (decision 0048); fractions allowed, e.g. 0.5. */
    ADMIN_INVITE_HOURS: z.coerce.number().positive('must be a number of hours above 0').max(720).default(72),
  }),
  checkSettings: (present) =>
    present.NODE_ENV === 'production' && !present.SECRETS_KEY
      ? [
          '  SECRETS_KEY is required when NODE_ENV=production (it encrypts the back office’s authenticator secrets, ' +
            'kept apart from the database: openssl rand -hex 32)',
        ]
      : [],
  needs: {
    database: databaseFace,
    shop: shopFace,
    rateLimits: rateLimitsFace,
    audit: auditFace,
    auth: authFace,
    mail: mailFace,
  },
  create: async ({ settings, needs: { database, shop, rateLimits, audit, auth, mail } }): Promise<BackOffice> => {
    const admin = new AdminService({
      database,
      auth: auth.auth,
      audit: audit.audit,
      outbox: mail.outbox,
      rateLimitStore: rateLimits,
      secretsKey: await loadSecretsKey(settings.SECRETS_KEY, shop.runtime.DATA_DIR),
      issuer: shop.name,
    });
    const adminInvitations = new AdminInvitations({
      database,
      auth: auth.auth,
      audit: audit.audit,
      admin,
      outbox: mail.outbox,
      origin: shop.origin,
      shopName: shop.name,
      hours: settings.ADMIN_INVITE_HOURS,
    });
    return { admin, adminInvitations };
  },
  // /api/admin/*: the guard, the sign-in and the team, then every module's back-office routes behind the one guard.
  routes: async (app, { admin, adminInvitations }, { auth, shop }, { adminRoutes }) => {
    await app.register(adminApi, {
      admin,
      invitations: adminInvitations,
      signInThrottle: auth.signInThrottle,
      publicOrigin: shop.origin,
      routes: adminRoutes,
    });
  },
  contributes: [
    // Whatever ends an account's sessions (a password change or reset, a role change) ends its back-office ones too.
    contribute(
      endSessions,
      ({ admin }: BackOffice) =>
        (tx, userId) =>
          admin.endSessions(tx, userId),
    ),
    contribute(
      newPasswordRule,
      ({ admin }: BackOffice) =>
        (tx, userId, password) =>
          admin.refuseShortAdminPassword(tx, userId, password),
    ),
  ],
  start: ({ admin }) => admin.start(),
});
