// The example site's settings: edit them for your Folio server and tenant (README "Your first website").
// Everything here is public: a browser downloads this file. A tenant id is not a secret; an API
// token is, and never goes in here or anywhere else in browser code.
export default {
  // Where visitors' browsers reach Folio (scheme, host and port; no path).
  api: 'http://localhost:3000',
  // The tenant whose published contents the site shows: 24 hex characters, `tenant.id` in the answer
  // of `POST /api/tenants` (or a membership's `tenantId` in `GET /api/tenants`). Placeholder: replace it.
  tenant: 'REPLACE-WITH-YOUR-TENANT-ID',
  // The menu shown in the header: `{ location: 'header' }` (header, footer, sidebar or mobile) or
  // `{ slug: 'main' }`.
  menu: { location: 'header' },
  // The slug of the form `#/contact` shows (a published public form with browserSubmission: true).
  contactForm: 'contact',
}
