import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailSchema } from '../../core/contracts/fields.ts';
import {
  forgotPasswordEndpoint,
  resendVerificationEndpoint,
  resetPasswordEndpoint,
  verifyEmailEndpoint,
} from '../../core/contracts/account.ts';
import { route } from '../platform/http/endpoint-route.ts';
import type { AuthService } from './service.ts';
import type { AccessTokens } from './tokens.ts';
import type { EmailLinks } from './email-links.ts';
import { requireUser } from './shopper-hooks.ts';
import type { AttemptLimit } from '../platform/auth/face.ts';

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

const tags = ['auth'];

/** E-mail verification and password reset: the links the shop mails, and the calls they lead to. */
export const emailLinkRoutes: FastifyPluginAsyncZod<EmailRouteOptions> = async (
  app,
  { links, auth, accessTokens, limit },
) => {
  route(app, verifyEmailEndpoint, {
    schema: { tags, summary: 'Confirm an e-mail address with the link from the verification mail' },
    handler: async (request) => {
      const outcome = await links.verifyEmail(request.params.token);
      return { message: outcome === 'verified' ? 'Email verified successfully' : 'Email is already verified' };
    },
  });

  route(app, resendVerificationEndpoint, {
    schema: { tags, summary: "Mail a new verification link: to the signed-in user, or to the body's e-mail" },
    handler: async (request) => {
      const email = request.headers.authorization
        ? (await auth.getUser((await requireUser(request, accessTokens)).userId)).email
        : emailSchema.parse(request.body?.email ?? '');
      await limit('resend-verification', request, email);
      await links.resendVerification(email);
      return { message: VERIFICATION_SENT };
    },
  });

  route(app, forgotPasswordEndpoint, {
    schema: { tags, summary: 'Mail a password-reset link' },
    preHandler: (request) => limit('forgot-password', request, request.body.email),
    handler: async (request, reply) => {
      // Answer first, then look the account up and queue the mail: the reply takes the same time whether or
      // not the account exists, so its timing cannot tell anyone which e-mails have accounts.
      links.requestPasswordResetLater(request.body.email, (error) =>
        request.log.error({ err: error }, 'could not queue a password reset mail'),
      );
      return reply.send({ message: RESET_LINK_SENT });
    },
  });

  route(app, resetPasswordEndpoint, {
    schema: { tags, summary: 'Set a new password with the link from the reset mail' },
    preHandler: (request) => limit('reset-password', request),
    handler: async (request) => {
      await links.resetPassword(request.params.tokenId, request.body.newPassword);
      return { message: 'Password reset successful' };
    },
  });
};
