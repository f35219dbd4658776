/**
 * A message not yet in any language: a catalog key and the values of its placeholders. Errors and
 * validation details carry phrases; the error handler puts them in the request's language when it
 * writes the answer (docs/decisions/http.md "Messages in the reader's language").
 */
export class Phrase {
  constructor(
    /** `<group>.<key>`: `errors.media.emptyFile`, `validation.mustBe`, or `expect.<English wording>`. */
    readonly key: string,
    readonly params: Readonly<Record<string, Param>> = {},
    /**
     * An i18next context: the text of `<key>_<context>` where the catalog has one, else of `key`
     * (validation's `plural`: "are required" after a plural member, in English).
     */
    readonly context?: string,
  ) {}

  /** The same phrase under `context`. */
  in(context: string): Phrase {
    return new Phrase(this.key, this.params, context)
  }
}

/** A placeholder's value: text and numbers as they are, a phrase in the same language. */
export type Param = string | number | Phrase
