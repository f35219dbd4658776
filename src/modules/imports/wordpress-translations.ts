import type { ImportRun } from './wordpress-run.js'

/** The Folio document a new content joins: its group id, and the translation it is made from. */
export interface JoinedGroup {
  groupId: string
  sourceId: string
}

/**
 * Polylang translation groups → Folio translation groups (docs/decisions/imports.md "Polylang
 * sites keep their languages"): a content created for a member of a `pll_…` group joins the
 * document of a member imported before it, by this run or an earlier one; the first member
 * imported starts the document (its id is the group id, docs/decisions/localization.md).
 * `members` is the outline's `translationGroups` (group → item keys).
 */
export function createTranslationGroups(run: ImportRun, members: ReadonlyMap<string, readonly string[]>) {
  const joined = new Map<string, JoinedGroup>()

  return {
    /**
     * The document a new content of Polylang group `group` joins, undefined when it starts one (no
     * member imported yet, no group, a dry run). Reads an earlier run's content once per group;
     * call it outside the item's transaction (the embedded database has one connection).
     */
    async of(group: string): Promise<JoinedGroup | undefined> {
      if (group === '' || run.target === undefined) return undefined
      const known = joined.get(group)
      if (known !== undefined) return known
      for (const key of members.get(group) ?? []) {
        const id = run.known(`post:${key}`)
        if (id === undefined) continue
        const groupId = await run.read(async (context) => {
          const body = JSON.parse(await run.writers.contents.getJson(context, id)) as {
            content: { translationGroupId: string }
          }
          return body.content.translationGroupId
        })
        // A member deleted since is no document to join; the next one may be.
        if (groupId === undefined) continue
        const found = { groupId, sourceId: id }
        joined.set(group, found)
        return found
      }
      return undefined
    },

    /** Content `id`, created for a member of `group`, started its document. */
    started(group: string, id: string): void {
      if (group !== '' && !joined.has(group)) joined.set(group, { groupId: id, sourceId: id })
    },
  }
}

export type TranslationGroups = ReturnType<typeof createTranslationGroups>
