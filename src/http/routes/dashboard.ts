import cookie from '@fastify/cookie';
import csrfProtection from '@fastify/csrf-protection';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { Type, type Static } from 'typebox';
import { PasswordPolicy } from '../../accounts/passwords.js';
import { SESSION_SECONDS } from '../../accounts/service.js';
import { isPrintable } from '../../accounts/text.js';
import type { Account } from '../../accounts/store.js';
import { ApiError } from '../../errors.js';
import { secondsToUtcMidnight, utcDay } from '../../limits/limits.js';
import { DASHBOARD_CSS, DASHBOARD_JS } from '../../web/assets.js';
import { dashboardPage, errorPage, signInPage, signUpPage } from '../../web/pages.js';

const SESSION_COOKIE = 'larder_session';
/** Double-submit token for the forms shown before there is a session (sign in, sign up). */
const FORM_COOKIE = 'larder_form';
/** An address with no spaces and no control characters (C0, DEL, C1): it is printed by `larder accounts list`. */
const EMAIL = /^[^\s@\p{Cc}\p{Cf}]+@[^\s@\p{Cc}\p{Cf}]+\.[^\s@\p{Cc}\p{Cf}]+$/u;
const hidden = { hide: true };

/** Form fields bounded in size; a repeated field (an array) or an oversized one is a 400 page. */
const Field = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const CsrfForm = Type.Object({ csrf: Field(256) });
const CredentialsForm = Type.Object({ email: Field(320), password: Field(1024), csrf: Field(256) });
const KeyForm = Type.Object({ name: Field(400), csrf: Field(256) });
const NoticeQuery = Type.Object({ notice: Type.Optional(Type.String({ maxLength: 32 })) });
const KeyParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
type Form = { csrf?: string };

function setCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string, maxAge: number): void {
  reply.setCookie(name, value, { path: '/dashboard', httpOnly: true, sameSite: 'strict', maxAge, secure: request.protocol === 'https' });
}

const FORM_EXPIRED = 'the form expired or came from another site: reload the page and try again';

const sameToken = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A cross-site form post is refused even before the token check when the browser names its origin. */
function crossOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return origin === 'null';
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

function html(reply: FastifyReply, body: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'same-origin')
    .header('content-security-policy', "default-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'")
    .send(body);
}

/*
 * A form that cannot be accepted (taken email, wrong password, plan full) is shown again with
 * the reason in a role=alert message and status 200: the page is the answer, and a 4xx
 * document would be reported as an error in the browser's console.
 */
const NOTICES: Record<string, string> = {
  revoked: 'The key was revoked. It answers 401 from now on.',
  'not-revoked': 'That key is not one of yours or was already revoked.',
  'signed-out': 'You are signed out.',
  'signed-up': 'If that email was new, its account is ready: sign in with the password you chose. An email that already had an account keeps its own password.',
};

/**
 * The developer dashboard: server-rendered pages and plain HTML forms. Sessions are a random
 * token in an httpOnly SameSite=Strict cookie (only its hash is stored); every form carries a
 * CSRF token (the session's, or a double-submit cookie before sign-in) and cross-origin posts
 * are refused.
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const passwords = new PasswordPolicy();
  // A malformed cookie of another application on the host (`other=50%`) is kept as sent, not
  // thrown on: @fastify/cookie decodes each value safely.
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 8 * 1024 });
  // Forms shown before there is a session (sign in, sign up) carry a token bound to a secret in
  // an httpOnly cookie; signed-in forms carry the session's own token.
  await app.register(csrfProtection, {
    cookieKey: FORM_COOKIE,
    cookieOpts: { path: '/dashboard', httpOnly: true, sameSite: 'strict' },
    getToken: (request) => (request.body as Form | undefined)?.csrf,
  });

  // Dashboard visitors are people: errors are pages, not problem+json.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof ApiError && error.status < 500) return html(reply, errorPage('That did not work', error.message), error.status);
    if ((error as { code?: string }).code?.startsWith('FST_CSRF_')) return html(reply, errorPage('That did not work', FORM_EXPIRED), 400);
    if (!(error instanceof ApiError) && error.statusCode && error.statusCode < 500) {
      return html(reply, errorPage('That did not work', 'The form could not be read: reload the page and try again.'), error.statusCode);
    }
    request.log.error({ err: error }, 'dashboard request failed');
    reply.header('retry-after', '30');
    return html(reply, errorPage('The dashboard is unavailable', `It cannot reach its database just now; try again in a minute (request ${request.id}).`), 503);
  });

  const formToken = (request: FastifyRequest, reply: FastifyReply): string => reply.generateCsrf({ secure: request.protocol === 'https' });

  /** Pre-session forms: the token against the form cookie's secret (csrfProtection), and the origin. */
  const checkFormToken = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    if (crossOrigin(request)) return done(new ApiError('invalid_parameter', FORM_EXPIRED));
    app.csrfProtection(request, reply, done);
  };

  const currentSession = (request: FastifyRequest) => app.accounts.session(request.cookies[SESSION_COOKIE]);

  /** The signed-in session for a form post, with its CSRF token checked; null sends the visitor to sign in. */
  const postSession = async (request: FastifyRequest, form: Form) => {
    const current = await currentSession(request);
    if (!current) return null;
    if (crossOrigin(request) || !sameToken(form.csrf, current.session.csrfToken)) {
      throw new ApiError('invalid_parameter', FORM_EXPIRED);
    }
    return current;
  };

  const renderDashboard = async (
    reply: FastifyReply,
    account: Account,
    csrf: string,
    extra: { newKey?: { name: string; plaintext: string }; error?: string; notice?: string } = {},
    status = 200,
  ) => {
    const plan = app.config.plans[account.plan];
    const now = app.accounts.clock();
    const [counted, recorded, keys] = await Promise.all([
      app.limits.usedToday(account.id, plan).catch(() => 0),
      app.accounts.recordedUsage(account.id, utcDay(now)).catch(() => 0),
      app.accounts.store.listKeys(account.id),
    ]);
    return html(
      reply,
      dashboardPage({ account, plan, usedToday: Math.max(counted, recorded), resetSeconds: secondsToUtcMidnight(now), keys, csrf, ...extra }),
      status,
    );
  };

  app.get('/dashboard/assets/dashboard.js', { schema: hidden }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(DASHBOARD_JS),
  );
  app.get('/dashboard/assets/dashboard.css', { schema: hidden }, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(DASHBOARD_CSS),
  );

  app.get<{ Querystring: Static<typeof NoticeQuery> }>('/dashboard', { schema: { ...hidden, querystring: NoticeQuery } }, async (request, reply) => {
    const current = await currentSession(request);
    if (!current) return reply.redirect('/dashboard/sign-in', 303);
    const notice = NOTICES[request.query.notice ?? ''];
    return renderDashboard(reply, current.account, current.session.csrfToken, { notice });
  });

  app.get('/dashboard/sign-up', { schema: hidden }, async (request, reply) => html(reply, signUpPage({ csrf: formToken(request, reply) })));

  /*
   * Sign-up never says whether the email was taken and never starts a session: both cases
   * answer the same redirect to sign in (an owner signs in with their own password). Each
   * address may send SIGN_UPS_PER_ADDRESS forms an hour.
   */
  app.post<{ Body: Static<typeof CredentialsForm> }>('/dashboard/sign-up', { schema: { ...hidden, body: CredentialsForm }, preHandler: checkFormToken }, async (request, reply) => {
    const form = request.body ?? {};
    const email = (form.email ?? '').trim();
    const password = form.password ?? '';
    const again = (error: string, status = 200) => html(reply, signUpPage({ csrf: formToken(request, reply), email, error }), status);
    const wait = app.signInThrottle.signUpAttempt(request.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      const minutes = Math.ceil(wait / 60);
      return again(`Too many sign-ups from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, 429);
    }
    if (!EMAIL.test(email) || email.length > 254) return again('Enter a valid email address.');
    const weak = await passwords.problem(password, [email, ...email.split(/[@.+_-]/)]);
    if (weak) return again(weak);
    await app.accounts.signUp(email, password);
    return reply.redirect('/dashboard/sign-in?notice=signed-up', 303);
  });

  app.get<{ Querystring: Static<typeof NoticeQuery> }>('/dashboard/sign-in', { schema: { ...hidden, querystring: NoticeQuery } }, async (request, reply) => {
    const notice = NOTICES[request.query.notice ?? ''];
    return html(reply, signInPage({ csrf: formToken(request, reply), notice }));
  });

  app.post<{ Body: Static<typeof CredentialsForm> }>('/dashboard/sign-in', { schema: { ...hidden, body: CredentialsForm }, preHandler: checkFormToken }, async (request, reply) => {
    const form = request.body ?? {};
    const email = (form.email ?? '').trim();
    const wait = app.signInThrottle.attempt(email, request.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      const minutes = Math.ceil(wait / 60);
      const error = `Too many sign-in attempts for this email from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
      return html(reply, signInPage({ csrf: formToken(request, reply), email, error }), 429);
    }
    const account = EMAIL.test(email) ? await app.accounts.signIn(email, form.password ?? '') : null;
    if (!account) {
      return html(reply, signInPage({ csrf: formToken(request, reply), email, error: 'The email or password is not right.' }));
    }
    app.signInThrottle.succeeded(email, request.ip);
    const session = await app.accounts.startSession(account.id);
    setCookie(request, reply, SESSION_COOKIE, session.token, SESSION_SECONDS);
    return reply.redirect('/dashboard', 303);
  });

  app.post<{ Body: Static<typeof CsrfForm> }>('/dashboard/sign-out', { schema: { ...hidden, body: CsrfForm } }, async (request, reply) => {
    const current = await postSession(request, request.body ?? {});
    if (current) await app.accounts.endSession(request.cookies[SESSION_COOKIE]);
    setCookie(request, reply, SESSION_COOKIE, '', 0);
    return reply.redirect('/dashboard/sign-in?notice=signed-out', 303);
  });

  app.post<{ Body: Static<typeof KeyForm> }>('/dashboard/keys', { schema: { ...hidden, body: KeyForm } }, async (request, reply) => {
    const form = request.body ?? {};
    const current = await postSession(request, form);
    if (!current) return reply.redirect('/dashboard/sign-in', 303);
    const name = (form.name ?? '').trim();
    if (name.length === 0 || name.length > 100 || !isPrintable(name)) {
      return renderDashboard(reply, current.account, current.session.csrfToken, { error: 'Give the key a name of 1 to 100 printable characters.' });
    }
    try {
      const created = await app.accounts.createKey(current.account, name);
      // The only response that ever carries the key; no-store keeps it out of caches.
      return renderDashboard(reply, current.account, current.session.csrfToken, { newKey: { name, plaintext: created.plaintext } });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'plan_limit_reached') {
        return renderDashboard(reply, current.account, current.session.csrfToken, { error: `No key created: ${err.message}.` });
      }
      throw err;
    }
  });

  app.post<{ Body: Static<typeof CsrfForm>; Params: Static<typeof KeyParams> }>(
    '/dashboard/keys/:id/revoke',
    { schema: { ...hidden, body: CsrfForm, params: KeyParams } },
    async (request, reply) => {
    const current = await postSession(request, request.body ?? {});
    if (!current) return reply.redirect('/dashboard/sign-in', 303);
    const done = await app.accounts.revokeKeyOf(current.account, request.params.id);
    return reply.redirect(`/dashboard?notice=${done ? 'revoked' : 'not-revoked'}`, 303);
    },
  );
}
