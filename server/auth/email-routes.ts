import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema, messageSchema } from '../../core/contracts/fields.ts';
import { forgotPasswordSchema, resetPasswordSchema } from '../../core/contracts/account.ts';
import type { AuthService } from './service.ts';
import type { AccessTokens } from './tokens.ts';
import { INVALID_LINK, type EmailLinks } from './email-links.ts';
import { requireUser } from './authenticate.ts';
import type { AttemptLimit } from './limits.ts';

const linkToken = z.string().regex(/^[\w-]{20,100}$/, INVALID_LINK);

export const RESET_LINK_SENT =
  'If an account exists for the address, you will receive a password reset link to your email shortly.';
export const VERIFICATION_SENT =
  'If the address belongs to an unverified account, a new verification link is on its way.';

interface EmailRouteOptions {
  links: EmailLinks;
  auth: AuthService;
  accessTokens: AccessTokens;
  limit: AttemptLimit;
}

/** E-mail verification and password reset: the links the shop mails, and the calls they lead to. */
export const emailLinkRoutes: FastifyPluginAsyncZod<EmailRouteOptions> = async (
  app,
  { links, auth, accessTokens, limit },
) => {
  app.post(
    '/api/auth/verify-email/:token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail address with the link from the verification mail',
        params: z.object({ token: linkToken }),
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const outcome = await links.verifyEmail(request.params.token);
      return { message: outcome === 'verified' ? 'Email verified successfully' : 'Email is already verified' };
    },
  );

  app.post(
    '/api/auth/resend-verification-email',
    {
      schema: {
        tags: ['auth'],
        summary: "Mail a new verification link: to the signed-in user, or to the body's e-mail",
        body: z.object({ email: z.string().optional() }).optional(),
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const email = request.headers.authorization
        ? (await auth.getUser((await requireUser(request, accessTokens)).userId)).email
        : emailSchema.parse(request.body?.email ?? '');
      await limit('resend-verification', request, email);
      await links.resendVerification(email);
      return { message: VERIFICATION_SENT };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password-reset link',
        body: forgotPasswordSchema,
        response: { 200: messageSchema },
      },
      preHandler: (request) => limit('forgot-password', request, request.body.email),
    },
    async (request, reply) => {
      // Answer first, then look the account up and queue the mail: the reply takes the same time whether or
      // not the account exists, so its timing cannot tell anyone which e-mails have accounts.
      links.requestPasswordResetLater(request.body.email, (error) =>
        request.log.error({ err: error }, 'could not queue a password reset mail'),
      );
      return reply.send({ message: RESET_LINK_SENT });
    },
  );

  app.post(
    '/api/auth/reset-password/:tokenId',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the link from the reset mail',
        params: z.object({ tokenId: linkToken }),
        body: resetPasswordSchema,
        response: { 200: messageSchema },
      },
      preHandler: (request) => limit('reset-password', request),
    },
    async (request) => {
      await links.resetPassword(request.params.tokenId, request.body.newPassword);
      return { message: 'Password reset successful' };
    },
  );
};
