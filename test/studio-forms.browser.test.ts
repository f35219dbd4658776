import { readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { serveWebsiteExample } from './browser.js'
import { call, type SeededMember, seedMember, seedTenant } from './helpers.js'
import {
  describeStudioJourney,
  expectAccessible,
  noNotifications,
  openSignedIn,
  openStudioPage,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Studio's forms (docs/decisions/studio.md "Forms screens"): a form built in the builder with
// several field types, a problem the API names shown at its field, published with browser
// submission; submitted by the website example (examples/website) served on another origin; the
// response seen, changed and exported as CSV.

const studio = useStudioServer()
let owner: SeededMember
/** examples/website on an origin of its own, pointed at this test's Folio and tenant. */
let site: Server
const siteOrigin = () => `http://127.0.0.1:${(site.address() as AddressInfo).port}`

beforeAll(async () => {
  owner = await seedTenant(studio.ctx.db)
  site = await serveWebsiteExample(() => ({
    api: studio.origin,
    tenant: owner.tenantId,
    menu: { location: 'header' },
  }))
})
afterAll(async () => {
  await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)))
})

/** Adds a field of `type` (its menu entry) and returns its panel, found by its position. */
async function addField(page: Page, type: string, position: number) {
  await page.getByRole('button', { name: 'Add field' }).click()
  await page.getByRole('menuitem', { name: type, exact: true }).click()
  const panel = page.getByRole('region', { name: new RegExp(`^${position}\\. `) })
  await panel.waitFor(WAIT)
  return panel
}

describeStudioJourney('Studio forms in Chromium', () => {
  it('builds and publishes a form, takes a browser submission from another origin, and manages the response', async () => {
    // The save with a minimum above the maximum is refused on purpose (400 to its PUT).
    const { context, page, problems } = await openSignedIn(studio, owner, '/forms', {
      expected: [/^400 \/api\/forms\/[0-9a-f]{24}$/],
    })
    await page.getByText('No forms match.').waitFor(WAIT)
    await expectAccessible(page, 'forms list, empty')

    // A new form: its title in a dialog, then the builder.
    await page.getByRole('button', { name: 'New form' }).click()
    const dialog = page.getByRole('dialog', { name: 'New form' })
    await expectAccessible(page, 'new form dialog')
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Enquiry')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await page.getByRole('heading', { name: 'Enquiry', level: 1 }).waitFor(WAIT)
    await page.getByText('No fields yet: add the first one.').waitFor(WAIT)
    await noNotifications(page)
    await expectAccessible(page, 'builder, empty')

    // Four fields of four types, with labels in both languages, options and rules.
    const name = await addField(page, 'Text', 1)
    await name.getByRole('textbox', { name: 'Field id' }).fill('name')
    await name.getByRole('textbox', { name: 'Label (English)', exact: true }).fill('Name')
    await name.getByRole('textbox', { name: 'Label (Turkish)', exact: true }).fill('Ad')
    await name.getByRole('checkbox', { name: 'Required' }).check()
    await name.getByRole('textbox', { name: 'Maximum length' }).fill('50')
    const email = await addField(page, 'E-mail', 2)
    await email.getByRole('textbox', { name: 'Field id' }).fill('email')
    await email.getByRole('textbox', { name: 'Label (English)', exact: true }).fill('E-mail')
    await email.getByRole('checkbox', { name: 'Required' }).check()
    const topic = await addField(page, 'Drop-down', 3)
    await topic.getByRole('textbox', { name: 'Field id' }).fill('topic')
    await topic.getByRole('textbox', { name: 'Label (English)', exact: true }).fill('Topic')
    await topic.getByRole('textbox', { name: 'Option 1 value' }).fill('sales')
    await topic.getByRole('textbox', { name: 'Option 1 label (English)' }).fill('Sales')
    await topic.getByRole('button', { name: 'Add option' }).click()
    await topic.getByRole('textbox', { name: 'Option 2 value' }).fill('support')
    await topic.getByRole('textbox', { name: 'Option 2 label (English)' }).fill('Support')
    const age = await addField(page, 'Number', 4)
    await age.getByRole('textbox', { name: 'Field id' }).fill('age')
    await age.getByRole('textbox', { name: 'Label (English)', exact: true }).fill('Age')
    // A minimum above the maximum: the API's refusal shows at this field.
    await age.getByRole('textbox', { name: 'Minimum', exact: true }).fill('200')
    await age.getByRole('textbox', { name: 'Maximum', exact: true }).fill('120')

    // The live preview follows, in the language picked there.
    const preview = page.getByRole('form', { name: 'Preview of the form' })
    await preview.getByRole('textbox', { name: 'Name' }).waitFor(WAIT)
    await preview.getByRole('combobox', { name: 'Topic' }).selectOption('support')
    expect(await preview.getByRole('option').allTextContents()).toEqual(['Choose one', 'Sales', 'Support'])
    await page.getByRole('region', { name: 'Live preview' }).getByText('Turkish', { exact: true }).click()
    await page
      .getByRole('form', { name: 'Preview of the form' })
      .getByRole('textbox', { name: 'Ad' })
      .waitFor(WAIT)
    await page.getByRole('region', { name: 'Live preview' }).getByText('English', { exact: true }).click()
    await expectAccessible(page, 'builder, four fields')

    await page.getByRole('button', { name: 'Save draft' }).click()
    await age.getByRole('alert').getByText('validation.min is above validation.max').waitFor(WAIT)
    await age.getByRole('textbox', { name: 'Minimum', exact: true }).fill('18')

    // Settings: browser submission, no minimum fill time (the test fills faster than a person).
    await page.getByRole('tab', { name: 'Settings' }).click()
    await page.getByRole('switch', { name: 'Browsers may submit without a token' }).check({ force: true })
    await page.getByRole('textbox', { name: 'Minimum fill time (seconds)' }).fill('0')
    await page.getByRole('textbox', { name: 'Success message (English)' }).fill('Thanks, we will write back.')
    await expectAccessible(page, 'builder, settings')
    await page.getByRole('button', { name: 'Publish' }).click()
    await page.getByText('Published as version 1.').waitFor(WAIT)
    await page.getByText('Version 1 is live').waitFor(WAIT)

    const forms = await call(studio.ctx.app, 'GET', '/api/forms', { token: owner.token })
    const form = forms.data.forms[0]
    expect(form).toMatchObject({ slug: 'enquiry', status: 'published', publishedVersion: 1 })
    expect(form.settings).toMatchObject({
      browserSubmission: true,
      antiSpam: { minFillSeconds: 0, honeypot: true },
    })
    expect(form.fields).toEqual([
      {
        id: 'name',
        type: 'text',
        label: { en: 'Name', tr: 'Ad' },
        required: true,
        validation: { maxLength: 50 },
      },
      { id: 'email', type: 'email', label: { en: 'E-mail' }, required: true },
      {
        id: 'topic',
        type: 'select',
        label: { en: 'Topic' },
        required: false,
        options: [
          { value: 'sales', label: { en: 'Sales' } },
          { value: 'support', label: { en: 'Support' } },
        ],
      },
      { id: 'age', type: 'number', label: { en: 'Age' }, required: false, validation: { min: 18, max: 120 } },
    ])

    // A field removed from the draft comes back by restoring version 1 from the versions drawer.
    await page.getByRole('tab', { name: 'Fields (4)' }).click()
    await page.getByRole('button', { name: 'Remove Age' }).click()
    await page.getByRole('button', { name: 'Save draft' }).click()
    await page.getByText('Draft saved.').waitFor(WAIT)
    await page.getByRole('tab', { name: 'Fields (3)' }).waitFor(WAIT)
    await page.getByRole('button', { name: 'More', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Versions' }).click()
    const versions = page.getByRole('dialog', { name: 'Published versions' })
    await versions.getByRole('cell', { name: 'name, email, topic, age' }).waitFor(WAIT)
    await noNotifications(page)
    await expectAccessible(page, 'versions drawer')
    await versions.getByRole('button', { name: 'Restore version 1' }).click()
    const restore = page.getByRole('dialog', { name: 'Restore version 1 into the draft?' })
    // Checked once the dialog shows: before, a closing drawer's nameless layer can still be there.
    await restore.waitFor(WAIT)
    await expectAccessible(page, 'restore dialog')
    await restore.getByRole('button', { name: 'Restore' }).click()
    await page.getByText('Version restored into the draft.').waitFor(WAIT)
    await versions.waitFor({ state: 'detached', ...WAIT })
    await page.getByRole('tab', { name: 'Fields (4)' }).waitFor(WAIT)
    await page.getByRole('button', { name: 'Remove Age' }).waitFor(WAIT)

    // The site's origin is allowed (the tenant settings screen is another issue's): the site submits.
    const policy = await call(studio.ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { edgeGateway: { publicReadEnabled: true, allowedOrigins: [siteOrigin()] } },
    })
    expect(policy.statusCode, policy.body).toBe(200)
    const visitorProblems: string[] = []
    const { context: visitorContext, page: visitor } = await openStudioPage(studio, visitorProblems)
    await visitor.goto(`${siteOrigin()}/#/form/enquiry`)
    await visitor.getByLabel('Name (required)').fill('Grace')
    await visitor.getByLabel('E-mail (required)').fill('grace@example.com')
    await visitor.getByLabel('Topic').selectOption('support')
    await visitor.getByRole('spinbutton', { name: 'Age' }).fill('36')
    await visitor.click('main button[type="submit"]')
    await visitor.getByText('Thanks, we will write back.').waitFor(WAIT)
    // This tenant has no menu: the site's read of one is a 404, which the site shows as no menu.
    expect(
      visitorProblems.filter((problem) => !problem.includes('/api/public/menus/location/header')),
    ).toEqual([])
    await visitorContext.close()

    // The response in Studio's table.
    await page.getByRole('link', { name: 'Responses' }).click()
    await page.getByRole('heading', { name: 'Responses: Enquiry' }).waitFor(WAIT)
    const table = page.getByRole('region', { name: 'Responses' })
    await table.getByRole('cell', { name: 'Grace', exact: true }).waitFor(WAIT)
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Received',
      'Status',
      'Name',
      'E-mail',
      'Topic',
      'Actions',
    ])
    await table.getByText('Pending').waitFor(WAIT)
    await expectAccessible(page, 'responses')

    // Its status changed from its row's menu.
    await table.getByRole('button', { name: /^Actions for the response of / }).click()
    await page.getByRole('menuitem', { name: 'Mark as processed' }).click()
    await page.getByText('Response marked as Processed.').waitFor(WAIT)
    await table.getByText('Processed').waitFor(WAIT)
    const answers = await call(studio.ctx.app, 'GET', `/api/forms/${form.id}/responses`, {
      token: owner.token,
    })
    expect(answers.data.items.map((item: any) => [item.status, item.data])).toEqual([
      ['processed', { name: 'Grace', email: 'grace@example.com', topic: 'support', age: 36 }],
    ])

    // The filters: spam has none, processed has it.
    await page.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Spam' }).click()
    await page.getByText('No responses match.').waitFor(WAIT)
    expect(page.url()).toContain('status=spam')
    await page.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Processed' }).click()
    await table.getByRole('cell', { name: 'Grace', exact: true }).waitFor(WAIT)

    // The CSV export, downloaded: a header per field, the answers and the new status.
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.csv$/)
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '')
    const [header, row, ...rest] = csv.trim().split(/\r?\n/)
    expect(header).toBe(
      'Response id,Submitted at,Status,Form version,Name (name),E-mail (email),Topic (topic),Age (age),Locale,Source',
    )
    expect(row?.split(',').slice(2)).toEqual([
      'processed',
      '1',
      'Grace',
      'grace@example.com',
      'support',
      '36',
      // The page's en-US, negotiated against the tenant's locales (docs/decisions/forms.md).
      'en',
      'web',
    ])
    expect(rest).toEqual([])

    // The details drawer, and the permanent deletion's confirmation (cancelled).
    await table.getByRole('button', { name: /^Actions for the response of / }).click()
    await page.getByRole('menuitem', { name: 'View' }).click()
    const details = page.getByRole('dialog', { name: 'Response' })
    await details.getByRole('cell', { name: 'grace@example.com' }).waitFor(WAIT)
    await noNotifications(page)
    await expectAccessible(page, 'response drawer')
    await details.getByRole('button', { name: 'Close' }).click()
    await details.waitFor({ state: 'detached', ...WAIT })
    await table.getByRole('button', { name: /^Actions for the response of / }).click()
    await page.getByRole('menuitem', { name: 'Delete permanently' }).click()
    const purge = page.getByRole('dialog', { name: 'Delete this response permanently?' })
    await expectAccessible(page, 'purge dialog')
    await purge.getByRole('button', { name: 'Cancel' }).click()
    await purge.waitFor({ state: 'detached', ...WAIT })

    // Soft delete keeps it with status Deleted.
    await table.getByRole('button', { name: /^Actions for the response of / }).click()
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click()
    await page.getByText('Response deleted (kept with status Deleted).').waitFor(WAIT)
    await page.getByText('No responses match.').waitFor(WAIT)
    const deleted = await call(studio.ctx.app, 'GET', `/api/forms/${form.id}/responses?status=deleted`, {
      token: owner.token,
    })
    expect(deleted.data.items).toHaveLength(1)

    expect(problems).toEqual([])
    await context.close()
  }, 180_000)

  it('duplicates, archives and lists forms, usable on a phone, and read-only for a viewer', async () => {
    const created = await call(studio.ctx.app, 'POST', '/api/forms', {
      token: owner.token,
      body: {
        title: { en: 'Survey', tr: 'Anket' },
        fields: [
          { id: 'mood', type: 'radio', label: 'Mood', options: [{ value: 'good' }, { value: 'bad' }] },
          { id: 'stars', type: 'rating', label: 'Stars' },
          { id: 'when', type: 'date', label: 'When' },
          { id: 'tags', type: 'multi-select', label: 'Tags', options: [{ value: 'a' }] },
          { id: 'agree', type: 'checkbox', label: 'I agree' },
          { id: 'more', type: 'section', label: 'More' },
          { id: 'notes', type: 'textarea', label: 'Notes' },
          { id: 'cv', type: 'file', label: 'CV' },
          { id: 'ref', type: 'hidden' },
          { id: 'site', type: 'url', label: 'Site' },
          { id: 'tel', type: 'phone', label: 'Phone' },
        ],
      },
    })
    expect(created.statusCode, created.body).toBe(200)
    const builder = `/forms/${created.data.form.id}`
    const { context, page, problems } = await openSignedIn(studio, owner, builder, {
      viewport: { width: 390, height: 844 },
    })
    await page.getByRole('heading', { name: 'Survey', level: 1 }).waitFor(WAIT)
    // Every field type in the preview, as a visitor gets it.
    const preview = page.getByRole('form', { name: 'Preview of the form' })
    await preview.getByRole('radio', { name: 'good' }).waitFor(WAIT)
    await preview.getByRole('heading', { name: 'More' }).waitFor(WAIT)
    await preview.getByText('Hidden field ref (not shown to visitors)').waitFor(WAIT)
    await expectAccessible(page, 'builder on a phone, every type')

    await page.getByRole('button', { name: 'More', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Duplicate' }).click()
    const dialog = page.getByRole('dialog', { name: 'Duplicate Survey' })
    expect(await dialog.getByRole('textbox', { name: 'Title of the copy' }).inputValue()).toBe(
      'Survey (copy)',
    )
    await expectAccessible(page, 'duplicate dialog')
    await dialog.getByRole('button', { name: 'Duplicate' }).click()
    await page.getByRole('heading', { name: 'Survey (copy)', level: 1 }).waitFor(WAIT)

    await page.getByRole('button', { name: 'More', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Archive' }).click()
    const archive = page.getByRole('dialog', { name: 'Archive Survey (copy)?' })
    await expectAccessible(page, 'archive dialog')
    await archive.getByRole('button', { name: 'Archive' }).click()
    await page.getByText('Form Survey (copy) archived.').waitFor(WAIT)

    // The list, filtered by status and words.
    await page.getByRole('link', { name: 'All forms' }).click()
    await page.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Archived' }).click()
    // The copy was listed before the filter too: wait for the filtered list (a header row and the copy).
    await expect
      .poll(() => page.getByRole('region', { name: 'Forms' }).getByRole('row').count(), WAIT)
      .toBe(2)
    await page.getByRole('link', { name: 'Survey (copy)', exact: true }).waitFor(WAIT)
    await page.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Draft' }).click()
    await page.getByRole('searchbox', { name: 'Search' }).fill('survey')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByRole('link', { name: 'Survey', exact: true }).waitFor(WAIT)
    await noNotifications(page)
    await expectAccessible(page, 'forms list on a phone')
    expect(problems).toEqual([])
    await context.close()

    // A viewer (forms:view only) reads the builder and the responses; nothing offers a change.
    const viewer = await seedMember(studio.ctx.db, owner.tenantId, 'viewer')
    const {
      context: viewerContext,
      page: viewerPage,
      problems: viewerProblems,
    } = await openSignedIn(studio, viewer, builder)
    await viewerPage.getByRole('heading', { name: 'Survey', level: 1 }).waitFor(WAIT)
    await viewerPage.getByRole('button', { name: /^1\. Mood/ }).click()
    const mood = viewerPage.getByRole('region', { name: /^1\. Mood/ })
    expect(await mood.getByRole('textbox', { name: 'Label (English)', exact: true }).isDisabled()).toBe(true)
    for (const name of ['Save draft', 'Publish', 'Add field', 'Remove Mood']) {
      expect(await viewerPage.getByRole('button', { name, exact: true }).count(), name).toBe(0)
    }
    await viewerPage.getByRole('link', { name: 'Responses' }).waitFor(WAIT)
    await expectAccessible(viewerPage, 'builder, read only')
    expect(viewerProblems).toEqual([])
    await viewerContext.close()
  }, 150_000)
})
