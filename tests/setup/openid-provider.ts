/*
 * A real OpenID Provider on loopback for single sign-on's tests (issue 40 item 4): panva's
 * `oidc-provider` in development mode, whose built-in login form takes any login as the
 * account id. Here the login is the person's e-mail address; an address starting
 * "unverified." is one the provider has not confirmed. `Browser` walks its pages as a browser
 * does (cookies kept per host, redirects followed by hand), without parsing more than the form.
 */
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOpenIdProvider(redirectUri: string): Promise<TestProvider> {
  const clientId = 'patrika-newsroom';
  const clientSecret = 'a-client-secret-long-enough-for-the-provider-0123456789';
  // The port is known once listening; the issuer is set then, before any request.
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: id.replace(/^unverified\./, ''),
        email_verified: !id.startsWith('unverified.'),
        name: `Person ${id.split('@')[0]}`,
      }),
    }),
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's cookies and navigation, enough to walk the provider's login and consent. */
export class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  private cookieHeader(url: URL): string {
    return [...(this.jar.get(url.host) ?? new Map())].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  keep(url: URL, setCookies: string[]) {
    const host = this.jar.get(url.host) ?? new Map<string, string>();
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) host.delete(name);
      else host.set(name, value);
    }
    this.jar.set(url.host, host);
  }

  async go(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const target = new URL(url);
    const res = await fetch(target, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: this.cookieHeader(target),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    this.keep(target, res.headers.getSetCookie());
    const location = res.headers.get('location');
    return {
      status: res.status,
      location: location ? new URL(location, target).toString() : undefined,
      text: await res.text(),
    };
  }

  /**
   * From the provider's authorization address, through its login (as `login`) and consent
   * forms, to where it sends the browser back (the relying party's callback, with its code).
   */
  async signInAt(authorizationUrl: string, login: string, until: string): Promise<string> {
    let next: string | undefined = authorizationUrl;
    for (let step = 0; step < 12 && next; step++) {
      if (next.startsWith(until)) return next;
      const page = await this.go(next);
      if (page.location) {
        next = page.location;
        continue;
      }
      const action = /<form[^>]*action="([^"]+)"/.exec(page.text)?.[1];
      if (!action) throw new Error(`the provider showed no form: ${page.status} ${page.text}`);
      const prompt = /name="prompt" value="(\w+)"/.exec(page.text)?.[1] ?? '';
      const form: Record<string, string> =
        prompt === 'login' ? { prompt, login, password: 'any' } : { prompt };
      const sent = await this.go(new URL(action, next).toString(), { method: 'POST', form });
      next = sent.location;
    }
    throw new Error('the provider did not send the browser back');
  }
}
