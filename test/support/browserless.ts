/** A tiny cookie-keeping client for the dashboard's HTML forms (inject or fetch). */
export class FormClient {
  readonly jar = new Map<string, string>();

  constructor(private readonly send: (req: { method: string; url: string; headers: Record<string, string>; body?: string }) => Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>) {}

  private cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(setCookie: string | string[] | undefined): void {
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (value === '' || /Max-Age=0/.test(c)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async get(url: string) {
    const res = await this.send({ method: 'GET', url, headers: { cookie: this.cookieHeader() } });
    this.keep(res.headers['set-cookie']);
    return res;
  }

  async post(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await this.send({
      method: 'POST',
      url,
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    });
    this.keep(res.headers['set-cookie']);
    return res;
  }
}

export const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
export const keyOf = (html: string) => /id="new-key"[^>]*value="(svc_live_[0-9a-f]{32})"/.exec(html)?.[1] ?? '';
