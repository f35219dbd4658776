/**
 * The part of oidc-provider 9 (a test-only devDependency without bundled types; `@types/oidc-provider`
 * is not installed) that the Google sign-in tests use.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface Account {
    accountId: string
    claims(): Promise<Record<string, unknown>>
  }

  interface Grant {
    addOIDCScope(scope: string): void
    save(): Promise<string>
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        findAccount?: (context: unknown, sub: string) => Promise<Account | undefined>
      },
    )
    callback(): (request: IncomingMessage, response: ServerResponse) => void
    interactionDetails(
      request: IncomingMessage,
      response: ServerResponse,
    ): Promise<{ uid: string; params: Record<string, unknown> }>
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    Grant: new (properties: {
      accountId: string
      clientId: string
    }) => Grant
  }

  export const interactionPolicy: {
    base(): { add(prompt: unknown, index?: number): void }
    Prompt: new (options: { name: string; requestable: boolean }) => unknown
  }
}
