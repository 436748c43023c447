import type { Account, ApiKeyRecord } from '../accounts/store.js';
import type { PlanLimits } from '../config.js';

/** Escapes text for HTML element content and quoted attribute values. */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const num = (n: number) => n.toLocaleString('en-US');

function layout(title: string, body: string, header = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Larder</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dashboard/assets/dashboard.css">
<script src="/dashboard/assets/dashboard.js" defer></script>
</head>
<body>
<header><h1>Larder developer dashboard</h1>${header}</header>
<main>
${body}
</main>
</body>
</html>
`;
}

const message = (kind: 'error' | 'notice', text: string | undefined) =>
  text ? `<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${esc(text)}</p>` : '';

export function signUpPage(input: { csrf: string; email?: string; error?: string }): string {
  return layout(
    'Sign up',
    `<h2>Create an account</h2>
${message('error', input.error)}
<p>Free plan: one API key, 5 requests per second and 1,000 per UTC day. No card needed.</p>
<form method="post" action="/dashboard/sign-up">
  <input type="hidden" name="csrf" value="${esc(input.csrf)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${esc(input.email ?? '')}">
  <label for="password">Password (at least 10 characters)</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required minlength="10" maxlength="200">
  <div><button type="submit">Create account</button></div>
</form>
<p>Already have an account? <a href="/dashboard/sign-in">Sign in</a>.</p>`,
  );
}

export function signInPage(input: { csrf: string; email?: string; error?: string; notice?: string }): string {
  return layout(
    'Sign in',
    `<h2>Sign in</h2>
${message('error', input.error)}${message('notice', input.notice)}
<form method="post" action="/dashboard/sign-in">
  <input type="hidden" name="csrf" value="${esc(input.csrf)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${esc(input.email ?? '')}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
  <div><button type="submit">Sign in</button></div>
</form>
<p>No account yet? <a href="/dashboard/sign-up">Create one</a>.</p>`,
  );
}

export interface DashboardView {
  account: Account;
  plan: PlanLimits;
  usedToday: number;
  resetSeconds: number;
  keys: ApiKeyRecord[];
  csrf: string;
  newKey?: { name: string; plaintext: string };
  error?: string;
  notice?: string;
}

export function dashboardPage(v: DashboardView): string {
  const active = v.keys.filter((k) => k.revokedAt === null).length;
  const hours = Math.floor(v.resetSeconds / 3600);
  const minutes = Math.floor((v.resetSeconds % 3600) / 60);
  const header = `<form method="post" action="/dashboard/sign-out">
  <span>Signed in as <strong>${esc(v.account.email ?? v.account.name)}</strong></span>
  <input type="hidden" name="csrf" value="${esc(v.csrf)}">
  <button type="submit" class="secondary">Sign out</button>
</form>`;
  const newKey = v.newKey
    ? `<section class="new-key" aria-labelledby="new-key-heading">
  <h2 id="new-key-heading">Your new key “${esc(v.newKey.name)}”</h2>
  <p><strong>Copy it now: you will not see this again.</strong> Larder stores only a hash of it. If you lose it, revoke it and create another.</p>
  <label for="new-key">API key</label>
  <input id="new-key" class="key" type="text" readonly value="${esc(v.newKey.plaintext)}">
  <button type="button" data-copy="new-key" data-status="copy-status">Copy</button>
  <p id="copy-status" role="status" aria-live="polite"></p>
  <p>Send it in the <code>x-api-key</code> header: <code>curl -H 'x-api-key: …' /v1/ingredients/1001</code></p>
</section>`
    : '';
  const rows = v.keys
    .map(
      (k) => `<tr>
  <td>${esc(k.name)}</td>
  <td><code>${esc(k.prefix)}…</code></td>
  <td><time datetime="${esc(k.createdAt)}">${esc(k.createdAt.slice(0, 16).replace('T', ' '))} UTC</time></td>
  <td>${k.lastUsedAt ? `<time datetime="${esc(k.lastUsedAt)}">${esc(k.lastUsedAt.slice(0, 16).replace('T', ' '))} UTC</time>` : 'never'}</td>
  <td>${k.revokedAt ? `revoked <time datetime="${esc(k.revokedAt)}">${esc(k.revokedAt.slice(0, 10))}</time>` : 'active'}</td>
  <td>${
    k.revokedAt
      ? ''
      : `<form method="post" action="/dashboard/keys/${k.id}/revoke">
    <input type="hidden" name="csrf" value="${esc(v.csrf)}">
    <button type="submit" class="danger" aria-label="Revoke key ${esc(k.name)}">Revoke</button>
  </form>`
  }</td>
</tr>`,
    )
    .join('\n');
  return layout(
    'Dashboard',
    `${message('error', v.error)}${message('notice', v.notice)}
${newKey}
<section aria-labelledby="plan-heading">
  <h2 id="plan-heading">Plan and usage</h2>
  <dl>
    <dt>Plan</dt><dd>${esc(v.account.plan)}</dd>
    <dt>Requests today (UTC)</dt>
    <dd><meter id="usage" min="0" max="${v.plan.daily}" value="${Math.min(v.usedToday, v.plan.daily)}" aria-label="Requests today">${num(v.usedToday)}</meter>
      <span id="usage-text">${num(v.usedToday)} of ${num(v.plan.daily)}</span> (resets at 00:00 UTC, in ${hours} h ${minutes} min)</dd>
    <dt>Requests per second</dt><dd>${num(v.plan.rps)}</dd>
    <dt>Active keys</dt><dd>${active} of ${v.plan.keys}</dd>
  </dl>
</section>
<section aria-labelledby="create-heading">
  <h2 id="create-heading">Create a key</h2>
  <p>Use one key per application or environment. The key is shown once, right after you create it.</p>
  <form method="post" action="/dashboard/keys">
    <input type="hidden" name="csrf" value="${esc(v.csrf)}">
    <label for="key-name">Key name</label>
    <input id="key-name" name="name" type="text" required maxlength="100" placeholder="my-recipe-app production">
    <div><button type="submit">Create key</button></div>
  </form>
</section>
<section aria-labelledby="keys-heading">
  <h2 id="keys-heading">Your keys</h2>
  ${
    v.keys.length === 0
      ? '<p>No keys yet.</p>'
      : `<table>
  <thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
  <tbody>
${rows}
  </tbody>
</table>`
  }
</section>`,
    header,
  );
}

/** A dashboard request that could not be served: what happened and what to do. */
export function errorPage(title: string, detail: string): string {
  return layout(title, `<h2>${esc(title)}</h2>\n<p class="error" role="alert">${esc(detail)}</p>\n<p><a href="/dashboard">Back to the dashboard</a></p>`);
}
