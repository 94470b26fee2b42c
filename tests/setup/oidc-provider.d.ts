/*
 * `oidc-provider` ships no type declarations: what the tests' OpenID Provider uses of it
 * (tests/setup/openid-provider.ts).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    findAccount(ctx: unknown, id: string): Promise<Account | undefined>;
    features?: Record<string, unknown>;
    pkce?: { required(): boolean };
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
