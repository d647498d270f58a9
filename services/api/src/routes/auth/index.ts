import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Envelope,
  FirstAccessBody,
  IdKeyParams,
  LanguageQuery,
  LoginBody,
  LoginResponse,
  LogoutBody,
  MeSchema,
  MessageEnvelope,
  RecoverPasswordBody,
  ResendCodeBody,
  ResetLinkSchema,
  ResetPasswordBody,
  SUCCESS_MESSAGES,
  UserSchema,
  VerifyCodeBody,
} from '@vitrine/contracts/schemas';
import { statedLanguage } from '../../plugins/answer-cache';
import { bearerToken, principalOf, SIGNED_IN_FIRST_ACCESS } from '../../plugins/auth';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { clearSessionProof, sessionProof, setSessionProof } from '../../plugins/session-cookie';
import { BEARER, responses } from '../common';

const tags = ['auth'];

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const recoverPerEmail = app.createRateLimit({
    ...RATE_LIMITS.recoverPerEmail,
    keyGenerator: (request) => `email:${String((request.body as { email?: unknown }).email ?? '').trim().toLowerCase()}`,
  });

  app.post(
    '/auth/auth',
    {
      config: { policy: 'public', rateLimit: RATE_LIMITS.signIn },
      schema: {
        tags,
        summary:
          'Sign in: answers the bearer token and sets its proof, the HttpOnly `vt_session` cookie (both are needed on every signed-in call). `?lang=` (else the vt_lang cookie) is the language of the page: remembered as the user’s mail language. After many failures on one account from several addresses, 403 SIGN_IN_CODE_REQUIRED mails a code to send as `code` with the password',
        querystring: LanguageQuery,
        body: LoginBody,
        response: responses({ 200: LoginResponse }, 401, 403, 429),
      },
    },
    async (request, reply) => {
      const signIn = await app.services.auth.login(request.body, request.ip, statedLanguage(request));
      setSessionProof(request, reply, signIn.proof, signIn.maxAgeSeconds);
      return { ...signIn.result, message: SUCCESS_MESSAGES.LOGIN };
    },
  );

  app.post(
    '/auth/auth/logout',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        summary: 'Sign out: revokes the session (the token in the body or bearer header, with its proof cookie) and clears the cookie',
        body: LogoutBody,
        response: responses({ 200: MessageEnvelope }),
      },
    },
    async (request, reply) => {
      await app.services.auth.logout(request.body.token ?? bearerToken(request), sessionProof(request));
      clearSessionProof(request, reply);
      return { message: SUCCESS_MESSAGES.LOGOUT };
    },
  );

  app.get(
    '/auth/me',
    {
      config: { policy: SIGNED_IN_FIRST_ACCESS },
      schema: { tags, summary: 'The signed-in user and their roles', security: BEARER, response: responses({ 200: Envelope(MeSchema) }, 401) },
    },
    async (request) => ({ data: app.services.auth.me(principalOf(request)) }),
  );

  app.post(
    '/auth/recover-password',
    {
      config: { policy: 'public', rateLimit: RATE_LIMITS.recoverPerIp },
      schema: {
        tags,
        summary:
          'Mail a single-use recovery link (same answer whether or not the email exists), in the user’s language, else the one `?lang=` (or the vt_lang cookie) states',
        querystring: LanguageQuery,
        body: RecoverPasswordBody,
        response: responses({ 200: MessageEnvelope }, 429),
      },
    },
    async (request) => {
      // Per address: over the limit the mail is skipped but the answer is the same, so it tells
      // nobody whether the address exists (per client address the route itself answers 429).
      const perEmail = await recoverPerEmail(request);
      if (perEmail.isAllowed || !perEmail.isExceeded) await app.services.auth.recoverPassword(request.body.email, statedLanguage(request));
      else request.log.warn('password recovery mail skipped: too many for this address');
      return { message: SUCCESS_MESSAGES.RECOVERY_EMAIL_SENT };
    },
  );

  app.get(
    '/auth/reset-password/:id/:unique_key',
    {
      config: { policy: 'public' },
      schema: { tags, summary: 'Is this recovery link still usable?', params: IdKeyParams, response: responses({ 200: Envelope(ResetLinkSchema) }) },
    },
    async (request) => ({ data: await app.services.auth.checkResetLink(request.params.id, request.params.unique_key) }),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { policy: 'public' },
      schema: { tags, summary: 'Choose a new password with a recovery link', body: ResetPasswordBody, response: responses({ 200: MessageEnvelope }) },
    },
    async (request) => {
      await app.services.auth.resetPassword(request.body);
      return { message: SUCCESS_MESSAGES.PASSWORD_RESET };
    },
  );

  app.post(
    '/auth/first-access',
    {
      config: { policy: SIGNED_IN_FIRST_ACCESS },
      schema: {
        tags,
        summary: 'A verified first-access user chooses their password',
        security: BEARER,
        body: FirstAccessBody,
        response: responses({ 200: Envelope(UserSchema) }, 401, 403),
      },
    },
    async (request) => ({
      data: await app.services.auth.firstAccess(principalOf(request), request.body),
      message: SUCCESS_MESSAGES.PASSWORD_RESET,
    }),
  );

  app.post(
    '/auth/verify-code',
    {
      config: { policy: SIGNED_IN_FIRST_ACCESS },
      schema: {
        tags,
        summary: 'Verify the account with the mailed 6-digit code',
        security: BEARER,
        body: VerifyCodeBody,
        response: responses({ 200: Envelope(UserSchema) }, 401, 403, 429),
      },
    },
    async (request) => ({
      data: await app.services.auth.verifyCode(principalOf(request), request.body),
      message: SUCCESS_MESSAGES.ACCOUNT_VERIFIED,
    }),
  );

  app.post(
    '/auth/resend-code',
    {
      config: { policy: SIGNED_IN_FIRST_ACCESS, rateLimit: RATE_LIMITS.resendCode },
      schema: {
        tags,
        summary: 'Mail a new verification code (one per minute)',
        security: BEARER,
        body: ResendCodeBody,
        response: responses({ 200: MessageEnvelope }, 401, 403, 429),
      },
    },
    async (request) => {
      const sent = await app.services.auth.resendCode(principalOf(request), request.body.email);
      return { message: sent ? SUCCESS_MESSAGES.CODE_SENT : SUCCESS_MESSAGES.ACCOUNT_VERIFIED };
    },
  );
};

export default authRoutes;
