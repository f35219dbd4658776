import { beforeAll, expect, it } from 'vitest'
import { call, type SeededMember, seedTenant } from './helpers.js'
import {
  describeStudioJourney,
  expectAccessible,
  newCategory,
  noNotifications,
  openSignedIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Studio's taxonomy screens (docs/decisions/studio.md "Taxonomy screens"): a category tree built,
// re-parented by drag and by the keyboard's "Move to…", merged; a tag and a custom field definition
// made; axe on each screen.

const studio = useStudioServer()
let owner: SeededMember
beforeAll(async () => {
  owner = await seedTenant(studio.ctx.db)
})

/** The tenant's category tree as `name(children…)`, read through the API. */
async function treeOf(): Promise<string> {
  const answer = await call(studio.ctx.app, 'GET', '/api/categories', { token: owner.token })
  expect(answer.statusCode, answer.body).toBe(200)
  const draw = (nodes: any[]): string =>
    nodes.map((node) => (node.children.length ? `${node.name}(${draw(node.children)})` : node.name)).join(' ')
  return draw(answer.data.categories)
}

describeStudioJourney('Studio taxonomy screens in Chromium', () => {
  it('builds, re-parents and merges categories, and makes a tag and a custom field', async () => {
    const { context, page, problems } = await openSignedIn(studio, owner, '/categories')
    await page.getByText('No categories yet.').waitFor(WAIT)
    await expectAccessible(page, 'categories, empty')

    // A tree: News › World, Sport, Football.
    await newCategory(page, 'News')
    await newCategory(page, 'World', 'News')
    await newCategory(page, 'Sport')
    await newCategory(page, 'Football')
    await expect.poll(treeOf, WAIT).toBe('News(World) Sport Football')
    await noNotifications(page)
    await expectAccessible(page, 'categories, a tree')

    // Drag Football onto Sport: it moves under it.
    const row = (name: string) => page.locator(`li[data-category="${name}"] > div`).first()
    await row('Football').dragTo(row('Sport'))
    await expect.poll(treeOf, WAIT).toBe('News(World) Sport(Football)')
    await page.locator('li[data-category="Sport"] li[data-category="Football"]').waitFor(WAIT)

    // Merge News into Sport, after the confirmation says what it does: World goes under Sport.
    await page.getByRole('button', { name: 'Actions for News' }).click()
    await page.getByRole('menuitem', { name: 'Merge into…' }).click()
    const merge = page.getByRole('dialog', { name: 'Merge News into another category' })
    await merge.getByRole('combobox', { name: 'Merge into' }).click()
    await page.getByRole('option', { name: 'Sport', exact: true }).click()
    await merge.getByText('News will be deleted').waitFor(WAIT)
    await expectAccessible(page, 'merge dialog')
    await merge.getByRole('button', { name: 'Merge' }).click()
    await page.getByText('Merged: 0 contents moved.').waitFor(WAIT)
    await expect.poll(treeOf, WAIT).toBe('Sport(Football World)')

    // The keyboard's way: World's menu, Move to…, the top level.
    await page.getByRole('button', { name: 'Actions for World' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: 'Move to…' }).focus()
    await page.keyboard.press('Enter')
    const move = page.getByRole('dialog', { name: 'Move World' })
    await move.getByRole('combobox', { name: 'New parent' }).click()
    await page.getByRole('option', { name: '(Top level)' }).click()
    await move.getByRole('button', { name: 'Move' }).click()
    await expect.poll(treeOf, WAIT).toBe('Sport(Football) World')
    // Reordering: World up, before Sport.
    await page.getByRole('button', { name: 'Move World up' }).click()
    await expect.poll(treeOf, WAIT).toBe('World Sport(Football)')

    // Tags: one created, then renamed.
    await page.getByRole('link', { name: 'Tags' }).click()
    await page.getByText('No tags yet.').waitFor(WAIT)
    await expectAccessible(page, 'tags, empty')
    await page.getByRole('textbox', { name: 'Title' }).fill('Street food')
    await page.getByRole('button', { name: 'Add tag' }).click()
    await page.getByRole('cell', { name: 'street-food', exact: true }).waitFor(WAIT)
    await page.getByRole('button', { name: 'Rename Street food' }).click()
    const rename = page.getByRole('dialog', { name: 'Rename Street food' })
    await rename.getByRole('textbox', { name: 'Title' }).fill('Street eats')
    await rename.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('cell', { name: 'Street eats', exact: true }).waitFor(WAIT)
    await rename.waitFor({ state: 'detached', ...WAIT })
    await expectAccessible(page, 'tags, one')
    const tags = await call(studio.ctx.app, 'GET', '/api/tags', { token: owner.token })
    expect(tags.data.tags.map((tag: any) => [tag.title, tag.slug])).toEqual([['Street eats', 'street-food']])

    // A custom field: a required choice with two options.
    await page.getByRole('link', { name: 'Custom fields' }).click()
    await page.getByText('No custom fields yet.').waitFor(WAIT)
    await expectAccessible(page, 'custom fields, empty')
    await page.getByRole('button', { name: 'New field' }).click()
    const field = page.getByRole('dialog', { name: 'New field' })
    await field.getByRole('textbox', { name: 'Key' }).fill('mood')
    await field.getByRole('textbox', { name: 'Label', exact: true }).fill('Mood')
    await field.getByRole('combobox', { name: 'Type' }).click()
    await page.getByRole('option', { name: 'Choice', exact: true }).click()
    await field.getByRole('textbox', { name: 'Label of option 1' }).fill('Happy')
    await field.getByRole('button', { name: 'Add option' }).click()
    await field.getByRole('textbox', { name: 'Label of option 2' }).fill('Sad')
    await field.getByRole('checkbox', { name: 'Required' }).check()
    await expectAccessible(page, 'custom field form')
    await field.getByRole('button', { name: 'Create' }).click()
    await page.getByRole('cell', { name: 'Mood', exact: true }).waitFor(WAIT)
    await field.waitFor({ state: 'detached', ...WAIT })
    await expectAccessible(page, 'custom fields, one')
    const definitions = await call(studio.ctx.app, 'GET', '/api/custom-field-definitions', {
      token: owner.token,
    })
    expect(definitions.data.definitions).toMatchObject([
      {
        key: 'mood',
        label: 'Mood',
        type: 'select',
        required: true,
        options: [
          { label: 'Happy', value: 'Happy' },
          { label: 'Sad', value: 'Sad' },
        ],
      },
    ])

    // A phone's width: the tree stays usable.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('button', { name: 'Show or hide the navigation' }).click()
    await page.getByRole('link', { name: 'Categories' }).click()
    await page.getByRole('button', { name: 'Actions for Football' }).waitFor(WAIT)
    await expectAccessible(page, 'categories at 390×844')

    expect(problems).toEqual([])
    await context.close()
  }, 120_000)
})
