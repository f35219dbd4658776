// Rendered from src/i18n/locales/en.json by `npm run generate:i18n` (scripts/i18n-keys.ts): do not edit.
import type { Param } from './phrase.js'

/** A key that takes no placeholder. */
export type NoParams = Record<string, never>

/** Every key of the catalogs, with the placeholders its text takes. */
export interface CatalogParams {
  "errors.account.confirmationNotEmail": NoParams
  "errors.account.currentPasswordForEmail": NoParams
  "errors.account.lastActiveOwner": NoParams
  "errors.account.lastOwnerOf": { tenants: Param }
  "errors.apiTokens.signedInOnly": NoParams
  "errors.auth.apiTokenExpired": NoParams
  "errors.auth.apiTokenInvalid": NoParams
  "errors.auth.googleLinkNeedsSession": NoParams
  "errors.auth.googleOnlyWayIn": NoParams
  "errors.auth.googleUnreachable": NoParams
  "errors.auth.resetLinkInvalid": NoParams
  "errors.auth.sessionTokenInvalid": NoParams
  "errors.auth.sessionTokenReplaced": NoParams
  "errors.auth.tooManyInvalidResets": NoParams
  "errors.auth.tooManyLoginsForAccount": NoParams
  "errors.auth.tooManyLoginsFromNetwork": NoParams
  "errors.auth.tooManyRegistrations": NoParams
  "errors.auth.tooManyResetsForAddress": NoParams
  "errors.auth.tooManyResetsFromNetwork": NoParams
  "errors.auth.tooManyVerifications": NoParams
  "errors.auth.tooManyWrongPasswords": NoParams
  "errors.auth.verificationLinkInvalid": NoParams
  "errors.categories.hasChildren": NoParams
  "errors.categories.mergeIntoDescendant": NoParams
  "errors.categories.moveUnderDescendant": NoParams
  "errors.categories.ownParent": NoParams
  "errors.categories.parentNotFound": NoParams
  "errors.categories.sameMerge": NoParams
  "errors.collections.archiveFirst": { key: Param }
  "errors.collections.archived": { key: Param }
  "errors.collections.cannotBeUnique": { type: Param }
  "errors.collections.cannotChange": NoParams
  "errors.collections.declaredTwice": { key: Param }
  "errors.collections.defaultSortField": NoParams
  "errors.collections.enumNeedsOption": NoParams
  "errors.collections.keyInUse": { key: Param }
  "errors.collections.localizedStays": NoParams
  "errors.collections.localizedTypes": NoParams
  "errors.collections.multipleTypes": NoParams
  "errors.collections.needsLocale": NoParams
  "errors.collections.noEntry": { collection: Param; id: Param }
  "errors.collections.noMedia": { id: Param }
  "errors.collections.notALocaleTag": NoParams
  "errors.collections.notLocalizedField": NoParams
  "errors.collections.optionsDistinct": NoParams
  "errors.collections.optionsOnlyEnum": NoParams
  "errors.collections.query.aDate": NoParams
  "errors.collections.query.aDateTime": NoParams
  "errors.collections.query.aNumber": NoParams
  "errors.collections.query.aString": { most: Param }
  "errors.collections.query.anId": NoParams
  "errors.collections.query.conditionShape": NoParams
  "errors.collections.query.direction": NoParams
  "errors.collections.query.expected": { expected: Param }
  "errors.collections.query.fieldString": NoParams
  "errors.collections.query.filterObject": NoParams
  "errors.collections.query.likeLength": { most: Param }
  "errors.collections.query.likeStrings": NoParams
  "errors.collections.query.limitRange": { most: Param }
  "errors.collections.query.listSize": { most: Param; operator: Param }
  "errors.collections.query.mediaMembers": { members: Param }
  "errors.collections.query.noMembers": { name: Param; type: Param }
  "errors.collections.query.notAMember": { name: Param }
  "errors.collections.query.notAMemberOf": { collection: Param; name: Param }
  "errors.collections.query.notFilterable": { builtins: Param; name: Param }
  "errors.collections.query.notSortable": { builtins: Param; name: Param }
  "errors.collections.query.offsetOrPage": NoParams
  "errors.collections.query.offsetRange": { most: Param }
  "errors.collections.query.oneOf": { options: Param }
  "errors.collections.query.operatorNotFor": { operator: Param; type: Param }
  "errors.collections.query.operatorNotForBoolean": { operator: Param }
  "errors.collections.query.operatorOneOf": { operators: Param }
  "errors.collections.query.operators": { operators: Param }
  "errors.collections.query.orderShape": NoParams
  "errors.collections.query.pathDepth": NoParams
  "errors.collections.query.selectSize": { most: Param }
  "errors.collections.query.sortKey": { part: Param }
  "errors.collections.query.tooManyConditions": { most: Param }
  "errors.collections.query.tooManyOrders": { most: Param }
  "errors.collections.query.tooManySortKeys": NoParams
  "errors.collections.query.trueOrFalse": NoParams
  "errors.collections.query.typeNotFilterable": { type: Param }
  "errors.collections.queryTimeout": { milliseconds: Param }
  "errors.collections.refNeedsTarget": NoParams
  "errors.collections.refOnlyRef": NoParams
  "errors.collections.reservedKey": NoParams
  "errors.collections.slugFieldString": NoParams
  "errors.collections.translationDefault": NoParams
  "errors.collections.uniqueNotLocalized": NoParams
  "errors.collections.unknownRef": NoParams
  "errors.collections.values.boolean": NoParams
  "errors.collections.values.coordinates": { type: Param }
  "errors.collections.values.date": NoParams
  "errors.collections.values.dateTime": NoParams
  "errors.collections.values.geometry": { types: Param }
  "errors.collections.values.geometryMembers": NoParams
  "errors.collections.values.id": NoParams
  "errors.collections.values.multiple": { most: Param }
  "errors.collections.values.notAField": NoParams
  "errors.collections.values.number": NoParams
  "errors.collections.values.oneOf": { values: Param }
  "errors.collections.values.richText": NoParams
  "errors.collections.values.richTextJson": NoParams
  "errors.collections.values.richTextLength": { most: Param }
  "errors.collections.values.string": NoParams
  "errors.collections.values.tooLong": { most: Param }
  "errors.collections.values.unknownType": NoParams
  "errors.common.contentNotPublished": { status: Param }
  "errors.common.csrf": NoParams
  "errors.common.emailInUse": NoParams
  "errors.common.forbidden": NoParams
  "errors.common.googleNotLinked": NoParams
  "errors.common.googleSignInDisabled": NoParams
  "errors.common.hasNoLetterOrDigit": NoParams
  "errors.common.insufficientScope": { scope: Param }
  "errors.common.invalidCredentials": NoParams
  "errors.common.invalidToken": NoParams
  "errors.common.labelled": { label: Param; text: Param }
  "errors.common.limitExceeded": { limit: Param; limitName: Param }
  "errors.common.memberProblem": { member: Param; problem: Param }
  "errors.common.memberSentence": { member: Param; problem: Param }
  "errors.common.minutes": { count: number }
  "errors.common.mustBe": { expected: Param }
  "errors.common.noLetterOrDigit": { member: Param }
  "errors.common.noPendingDraft": NoParams
  "errors.common.notActiveMember": NoParams
  "errors.common.notFound": { resource: Param }
  "errors.common.pathSentence": { path: Param; problem: Param }
  "errors.common.planNotAllowed": { plan: Param }
  "errors.common.platformMailLimit": { limit: Param }
  "errors.common.rateLimited": { clearsAt: Param; wait: Param; what: Param }
  "errors.common.requestLimitExceeded": { budget: Param; limit: Param; periodKey: Param; resetAt: Param }
  "errors.common.restoreWindowExpired": NoParams
  "errors.common.seconds": { count: number }
  "errors.common.semicolonList": { first: Param; second: Param }
  "errors.common.sessionEnded": NoParams
  "errors.common.slugConflict": { slug: Param }
  "errors.common.spaceList": { first: Param; second: Param }
  "errors.common.tenantRequired": NoParams
  "errors.common.unauthorized": NoParams
  "errors.common.uniqueFieldViolation": { field: Param }
  "errors.common.verbatim": { text: Param }
  "errors.common.versionConflict": { version: Param }
  "errors.contents.containsCurrent": NoParams
  "errors.contents.containsDraft": NoParams
  "errors.contents.currentVersion": { version: Param }
  "errors.contents.draftVersion": { version: Param }
  "errors.contents.foreignReferences": { list: Param }
  "errors.contents.localeNotTenants": { locale: Param; locales: Param }
  "errors.contents.mustBeFuture": NoParams
  "errors.contents.nestsTooDeep": { depth: Param }
  "errors.contents.notFutureWhenPublished": NoParams
  "errors.contents.notVersions": { ids: Param }
  "errors.contents.ownParent": NoParams
  "errors.contents.parentIsDescendant": NoParams
  "errors.contents.previewPermission": NoParams
  "errors.contents.previewTokenElsewhere": NoParams
  "errors.contents.previewTokenInvalid": NoParams
  "errors.contents.publishAtFuture": NoParams
  "errors.contents.publishAtFutureScheduled": NoParams
  "errors.contents.publishAtInFuture": NoParams
  "errors.contents.publishAtRequired": NoParams
  "errors.contents.requiredWhenScheduled": NoParams
  "errors.contents.sanitizerBusy": NoParams
  "errors.contents.translationTaken": { locale: Param }
  "errors.contents.treeTooDeep": { depth: Param }
  "errors.contents.unknownCategoryIds": NoParams
  "errors.contents.unknownContentIds": { field: Param }
  "errors.contents.unknownMediaId": NoParams
  "errors.contents.unknownParent": { id: Param }
  "errors.contents.unknownTagIds": NoParams
  "errors.contents.unknownVersionIds": NoParams
  "errors.customFields.contentId": NoParams
  "errors.customFields.contentIds": { most: Param }
  "errors.customFields.date": NoParams
  "errors.customFields.distinctOptions": { options: Param }
  "errors.customFields.distinctValues": NoParams
  "errors.customFields.invalidDefinition": { list: Param }
  "errors.customFields.invalidFilter": { list: Param }
  "errors.customFields.invalidValues": { list: Param }
  "errors.customFields.keyExists": { key: Param }
  "errors.customFields.keyReserved": { key: Param }
  "errors.customFields.notAValue": { type: Param }
  "errors.customFields.notFilterable": NoParams
  "errors.customFields.notForType": { type: Param }
  "errors.customFields.oneOfOptions": { options: Param }
  "errors.customFields.optionsOnlySelect": { type: Param }
  "errors.customFields.optionsRequired": { type: Param }
  "errors.customFields.reserved": NoParams
  "errors.customFields.tooMany": { most: Param }
  "errors.customFields.url": NoParams
  "errors.database.dateOutOfRange": NoParams
  "errors.database.foreignKeyViolation": NoParams
  "errors.database.numberOutOfRange": NoParams
  "errors.database.tooLarge": NoParams
  "errors.database.tooLong": NoParams
  "errors.database.unavailable": { seconds: Param }
  "errors.database.uniqueViolation": NoParams
  "errors.database.wrongFormat": NoParams
  "errors.featureFlags.adminsOnly": NoParams
  "errors.featureFlags.keyExists": { key: Param }
  "errors.forms.answers.atLeast": { limit: Param }
  "errors.forms.answers.atMost": { limit: Param }
  "errors.forms.answers.date": NoParams
  "errors.forms.answers.email": NoParams
  "errors.forms.answers.invalid": { list: Param }
  "errors.forms.answers.listOfStrings": NoParams
  "errors.forms.answers.mediaId": NoParams
  "errors.forms.answers.noMatch": { pattern: Param }
  "errors.forms.answers.notAField": NoParams
  "errors.forms.answers.phone": NoParams
  "errors.forms.answers.repeatedChoice": NoParams
  "errors.forms.answers.tooShort": { least: Param }
  "errors.forms.answers.uncheckable": { pattern: Param; problem: Param }
  "errors.forms.answers.unknownChoice": { choice: Param; options: Param }
  "errors.forms.answers.url": NoParams
  "errors.forms.captchaNotConfigured": NoParams
  "errors.forms.idTaken": { id: Param; name: Param }
  "errors.forms.keyNotALanguageTag": { key: Param }
  "errors.forms.keyNotTenantLocale": { key: Param; locales: Param }
  "errors.forms.minAboveMax": { name: Param }
  "errors.forms.minLengthAboveMax": { name: Param }
  "errors.forms.needsApiToken": NoParams
  "errors.forms.needsField": NoParams
  "errors.forms.needsOption": { name: Param; type: Param }
  "errors.forms.optionRepeated": { name: Param; value: Param }
  "errors.forms.pattern.backreference": NoParams
  "errors.forms.pattern.fragmentRefused": { fragment: Param; why: Param }
  "errors.forms.pattern.invalid": NoParams
  "errors.forms.pattern.lookaround": NoParams
  "errors.forms.pattern.syntaxRefused": { why: Param }
  "errors.forms.pattern.tooLong": { most: Param }
  "errors.forms.patternBudget": { budget: Param; member: Param }
  "errors.forms.recipientNotMember": { to: Param }
  "errors.forms.refusedRecipients": { list: Param }
  "errors.forms.startAfterEnd": NoParams
  "errors.forms.titleEmpty": NoParams
  "errors.forms.tokenNeeded": NoParams
  "errors.forms.tooManyFromNetwork": NoParams
  "errors.forms.tooManySubmissions": NoParams
  "errors.forms.userFromServer": NoParams
  "errors.galleries.unknownGallery": { index: Param }
  "errors.galleries.unknownMedia": { index: Param }
  "errors.http.bearerFormat": NoParams
  "errors.http.bodyTooLarge": NoParams
  "errors.http.browserClientNotBuilt": NoParams
  "errors.http.deliveryOff": NoParams
  "errors.http.invalidJson": NoParams
  "errors.http.invalidJsonBecause": { reason: Param }
  "errors.http.localeParameter": { problem: Param }
  "errors.http.malformedUrl": NoParams
  "errors.http.noRoute": { method: Param; path: Param }
  "errors.http.originRefused": NoParams
  "errors.http.paramTooLong": NoParams
  "errors.http.permissionNeeded": { permission: Param }
  "errors.http.prototypeMember": NoParams
  "errors.http.publicTenantIdFormat": NoParams
  "errors.http.publicTenantRequired": NoParams
  "errors.http.sendJson": NoParams
  "errors.http.studioNotBuilt": NoParams
  "errors.http.tenantIdFormat": NoParams
  "errors.http.tokenOfAnotherTenant": NoParams
  "errors.http.tooManyFromNetwork": NoParams
  "errors.http.unexpected": NoParams
  "errors.http.userSessionOnly": NoParams
  "errors.imports.busy": NoParams
  "errors.imports.busyWith": { id: Param }
  "errors.imports.doctype": NoParams
  "errors.imports.encoding": { encoding: Param }
  "errors.imports.noChannel": NoParams
  "errors.imports.noFreeMenuSlug": { name: Param }
  "errors.imports.noTenant": { slug: Param }
  "errors.imports.noUser": { email: Param }
  "errors.imports.notWellFormed": { detail: Param }
  "errors.imports.rootElement": { name: Param }
  "errors.imports.sendFile": NoParams
  "errors.imports.sendXml": NoParams
  "errors.imports.spoolGone": NoParams
  "errors.imports.tooDeep": { depth: Param; line: Param }
  "errors.imports.tooLarge": { maxBytes: Param }
  "errors.live.closing": NoParams
  "errors.live.tooManyNetworkStreams": NoParams
  "errors.live.tooManyTenantStreams": NoParams
  "errors.locales.cycle": { cycle: Param }
  "errors.locales.fallbackNotAvailable": { locale: Param }
  "errors.locales.fallbackToItself": NoParams
  "errors.locales.noLocale": NoParams
  "errors.locales.notATag": { expected: Param; tag: Param }
  "errors.locales.notAvailable": { locale: Param }
  "errors.locales.notOneOfTenants": { locales: Param }
  "errors.locales.notTheTenants": { locale: Param; locales: Param }
  "errors.locales.queryParameter": { member: Param; problem: Param }
  "errors.locales.requestedNotATag": { expected: Param; tag: Param }
  "errors.locales.tooMany": { count: number; most: Param }
  "errors.locales.translationsDefault": NoParams
  "errors.locales.translationsNotAvailable": { locale: Param; locales: Param }
  "errors.locales.translationsNotKeyed": { expected: Param }
  "errors.locales.translationsTwice": { locale: Param }
  "errors.locales.twice": { locale: Param }
  "errors.media.absoluteUrl": { field: Param }
  "errors.media.contentTypeRefused": { allowed: Param; contentType: Param }
  "errors.media.emptyFile": NoParams
  "errors.media.emptyTags": NoParams
  "errors.media.fileTooLarge": { maxBytes: Param }
  "errors.media.keyOrSourceUrl": NoParams
  "errors.media.noLongerExternal": NoParams
  "errors.media.nothingUploaded": { key: Param }
  "errors.media.objectRegistered": { key: Param }
  "errors.media.presignedType": { type: Param }
  "errors.media.sizeMismatch": { size: Param; stored: Param }
  "errors.media.sizeTooLarge": { maxBytes: Param }
  "errors.media.sourceUrlMalformed": NoParams
  "errors.media.sourceUrlOutside": { prefix: Param }
  "errors.media.storedTooLarge": { maxBytes: Param; size: Param }
  "errors.media.tooManyPixels": { height: Param; maxMegapixels: Param; megapixels: Param; width: Param }
  "errors.media.typeMismatch": { expected: Param; sniffed: Param }
  "errors.media.typeRefused": { type: Param }
  "errors.media.unknownType": NoParams
  "errors.media.unreadableImage": { mimeType: Param }
  "errors.media.uploadRegistered": { key: Param }
  "errors.media.uploadTooLarge": { maxBytes: Param }
  "errors.media.uploadUrlInvalid": NoParams
  "errors.media.urlCredentials": { field: Param }
  "errors.members.accountChanged": NoParams
  "errors.members.accountHolderOnly": NoParams
  "errors.members.alreadyMember": { email: Param }
  "errors.members.deactivating": NoParams
  "errors.members.existingAccountInvitation": NoParams
  "errors.members.invitationForAnother": NoParams
  "errors.members.invitationInvalid": NoParams
  "errors.members.invitedProfileRequired": NoParams
  "errors.members.onlyPendingResend": NoParams
  "errors.members.ownEmail": NoParams
  "errors.members.ownStatus": NoParams
  "errors.members.pendingCannotActivate": NoParams
  "errors.members.removeYourself": NoParams
  "errors.members.removing": NoParams
  "errors.members.roleChange": NoParams
  "errors.members.signInAs": { email: Param }
  "errors.members.unknownRole": { role: Param }
  "errors.members.wouldLeaveNoOwner": { what: Param }
  "errors.menus.customPath": NoParams
  "errors.menus.externalAbsolute": NoParams
  "errors.menus.externalProtocol": NoParams
  "errors.menus.itemNotInMenu": { item: Param }
  "errors.menus.listedTwice": { item: Param }
  "errors.menus.locationTaken": { location: Param }
  "errors.menus.noReference": { id: Param; type: Param }
  "errors.menus.ownAncestor": { item: Param }
  "errors.menus.parentNotInMenu": { item: Param; parent: Param }
  "errors.menus.referenceMustBeNull": { type: Param }
  "errors.menus.referenceRequired": { type: Param }
  "errors.menus.tooDeep": { depth: Param; item: Param; most: Param }
  "errors.menus.tooManyItems": { most: Param }
  "errors.menus.urlMustBeNull": { type: Param }
  "errors.menus.urlRequired": { type: Param }
  "errors.outbound.credentials": NoParams
  "errors.outbound.notAbsolute": NoParams
  "errors.outbound.refused": NoParams
  "errors.outbound.scheme": { scheme: Param }
  "errors.outbox.adminsOnly": NoParams
  "errors.placements.fallbackNotHere": NoParams
  "errors.placements.fromAfterTo": NoParams
  "errors.placements.notATimeZone": { member: Param; zone: Param }
  "errors.placements.rangeTooLong": NoParams
  "errors.placements.tooManyExperiences": { most: Param }
  "errors.placements.tooManyWildcards": { most: Param; wildcards: Param }
  "errors.portability.damaged": { entry: Param }
  "errors.portability.format": NoParams
  "errors.portability.missing": { entry: Param }
  "errors.portability.noManifest": { entry: Param }
  "errors.portability.notArchive": NoParams
  "errors.portability.notReady": NoParams
  "errors.portability.overLimit": { count: number; limit: Param; limitName: Param }
  "errors.portability.sendFile": NoParams
  "errors.portability.sendGzip": NoParams
  "errors.portability.tooLarge": { maxBytes: Param }
  "errors.portability.unexpected": { entry: Param }
  "errors.portability.unknownVersion": { version: Param }
  "errors.resources.API token": NoParams
  "errors.resources.Category": NoParams
  "errors.resources.Collection": NoParams
  "errors.resources.Content": NoParams
  "errors.resources.Content version": NoParams
  "errors.resources.Custom field definition": NoParams
  "errors.resources.Eligible experience": NoParams
  "errors.resources.Entry": NoParams
  "errors.resources.Experience": NoParams
  "errors.resources.Export": NoParams
  "errors.resources.File": NoParams
  "errors.resources.Form": NoParams
  "errors.resources.Form response": NoParams
  "errors.resources.Form version": NoParams
  "errors.resources.Gallery": NoParams
  "errors.resources.Import": NoParams
  "errors.resources.Invitation": NoParams
  "errors.resources.Media": NoParams
  "errors.resources.Membership": NoParams
  "errors.resources.Menu": NoParams
  "errors.resources.Menu item": NoParams
  "errors.resources.Object": NoParams
  "errors.resources.Placement": NoParams
  "errors.resources.Role": NoParams
  "errors.resources.Tag": NoParams
  "errors.resources.Tenant": NoParams
  "errors.resources.Upload": NoParams
  "errors.resources.User": NoParams
  "errors.resources.Webhook delivery": NoParams
  "errors.roles.heldBy": { count: number; role: Param }
  "errors.roles.keyExists": { key: Param }
  "errors.roles.levelBelowOwn": { level: Param }
  "errors.roles.memberAtOrAbove": NoParams
  "errors.roles.ownerMakesOwner": NoParams
  "errors.roles.permissionsNotHeld": { missing: Param }
  "errors.roles.reassignToInvalid": { role: Param }
  "errors.roles.roleAbove": { level: Param; role: Param }
  "errors.roles.roleCarriesMissing": { missing: Param; role: Param }
  "errors.roles.systemKey": { key: Param }
  "errors.roles.systemReadOnly": NoParams
  "errors.settings.absoluteUrl": NoParams
  "errors.settings.badName": { expected: Param; map: Param; name: Param }
  "errors.settings.localeCount": { count: number; locale: Param }
  "errors.settings.localesInUse": { list: Param }
  "errors.settings.mustListOrigins": NoParams
  "errors.settings.noVerifiedOwner": NoParams
  "errors.settings.notAnOrigin": { value: Param }
  "errors.settings.notVerifiedMember": { to: Param }
  "errors.settings.passwordAgain": { host: Param; members: Param }
  "errors.settings.passwordAgainPrevious": { members: Param }
  "errors.settings.passwordRequiredUndecryptable": NoParams
  "errors.settings.previewBrace": NoParams
  "errors.settings.previewOrigin": { origin: Param }
  "errors.settings.previewPlaceholder": { name: Param }
  "errors.settings.previewPlaceholderInOrigin": NoParams
  "errors.settings.previewType": { type: Param }
  "errors.settings.requiredWhenSmtp": NoParams
  "errors.settings.requiredWhenWebhook": NoParams
  "errors.settings.schedulingOff": NoParams
  "errors.settings.smtpRefusedMail": { host: Param; reason: Param }
  "errors.settings.smtpUnusable": { host: Param; reason: Param }
  "errors.settings.unreadablePassword": NoParams
  "errors.settings.urlCredentials": NoParams
  "errors.settings.webhookUrl": { problem: Param }
  "errors.tenants.acceptNeedsVerifiedEmail": NoParams
  "errors.tenants.blankName": NoParams
  "errors.tenants.cannotDeleteNow": { status: Param }
  "errors.tenants.confirmationSlug": { slug: Param }
  "errors.tenants.notDeleted": NoParams
  "errors.tenants.offerOwnerOnly": NoParams
  "errors.tenants.offeringOwnerGone": NoParams
  "errors.tenants.ownerOnly": NoParams
  "errors.tenants.transferOwnerOnly": NoParams
  "errors.tenants.transferTargetNotMember": NoParams
  "errors.tenants.transferTargetOwner": NoParams
  "errors.tenants.transferTokenInvalid": NoParams
  "errors.tenants.unknownPlan": { plan: Param }
  "errors.tenants.withdrawOwnerOnly": NoParams
  "errors.webhooks.notConfigured": NoParams
  "mail.emailChanged.body": { email: Param }
  "mail.emailChanged.subject": NoParams
  "mail.formResponse.body": { answers: Param; createdAt: Param; id: Param; title: Param }
  "mail.formResponse.subject": { title: Param }
  "mail.formResponse.untitled": NoParams
  "mail.invitation.body": { expiresAt: Param; link: Param; pageUrl: Param; role: Param; tenant: Param; token: Param }
  "mail.invitation.subject": { tenant: Param }
  "mail.registerAttempt.body": NoParams
  "mail.registerAttempt.subject": NoParams
  "mail.resetPassword.body": { link: Param; pageUrl: Param; token: Param }
  "mail.resetPassword.subject": NoParams
  "mail.smtpTest.body": NoParams
  "mail.smtpTest.subject": NoParams
  "mail.tenantDeleted.body": { firstName: Param; purgeAfter: Param; slug: Param; tenant: Param }
  "mail.tenantDeleted.subject": { tenant: Param }
  "mail.tenantRestored.body": { firstName: Param; slug: Param; tenant: Param }
  "mail.tenantRestored.subject": { tenant: Param }
  "mail.transferAccepted.body": { slug: Param; tenant: Param }
  "mail.transferAccepted.subject": { tenant: Param }
  "mail.transferOffer.body": { email: Param; expiresAt: Param; link: Param; pageUrl: Param; slug: Param; tenant: Param; token: Param }
  "mail.transferOffer.subject": { tenant: Param }
  "mail.transferred.body": { email: Param; slug: Param; tenant: Param }
  "mail.transferred.subject": { tenant: Param }
  "mail.verifyEmail.body": { link: Param; pageUrl: Param; token: Param }
  "mail.verifyEmail.subject": NoParams
  "validation.accepted": { members: Param }
  "validation.exclusiveMaximum": { limit: Param }
  "validation.exclusiveMinimum": { limit: Param }
  "validation.formats.date": NoParams
  "validation.formats.date-time": NoParams
  "validation.formats.email": NoParams
  "validation.formats.other": { format: Param }
  "validation.formats.uri": NoParams
  "validation.formats.url": NoParams
  "validation.formats.uuid": NoParams
  "validation.freeObject.forbiddenKey": { key: Param }
  "validation.freeObject.tooDeep": { depth: Param }
  "validation.freeObject.tooLarge": { kilobytes: Param }
  "validation.freeObject.tooManyMembers": { members: Param }
  "validation.invalid": NoParams
  "validation.matchDescription": { description: Param }
  "validation.matchPattern": { pattern: Param }
  "validation.maxItems": { count: number }
  "validation.maxLength": { count: number }
  "validation.maxProperties": { count: number }
  "validation.maximum": { limit: Param }
  "validation.mayNotContain": { accepted: Param; name: Param; subject: Param }
  "validation.minItems": { count: number }
  "validation.minLength": { count: number }
  "validation.minProperties": { count: number }
  "validation.minimum": { limit: Param }
  "validation.multipleOf": { multipleOf: Param }
  "validation.mustBe": { what: Param }
  "validation.notAccepted": { accepted: Param; subject: Param }
  "validation.oneOf": { values: Param }
  "validation.or": { first: Param; second: Param }
  "validation.propertyName": { name: Param }
  "validation.required": NoParams
  "validation.sentence": { predicate: Param; subject: Param }
  "validation.subject.body": NoParams
  "validation.subject.header": { name: Param }
  "validation.subject.headerMember": { member: Param; name: Param }
  "validation.subject.headers": NoParams
  "validation.subject.member": { member: Param }
  "validation.subject.path": NoParams
  "validation.subject.pathParameter": { name: Param }
  "validation.subject.pathParameterMember": { member: Param; name: Param }
  "validation.subject.queryParameter": { name: Param }
  "validation.subject.queryParameterMember": { member: Param; name: Param }
  "validation.subject.queryString": NoParams
  "validation.takesNoMembers": NoParams
  "validation.takesNoParameters": NoParams
  "validation.types.array": NoParams
  "validation.types.boolean": NoParams
  "validation.types.integer": NoParams
  "validation.types.null": NoParams
  "validation.types.number": NoParams
  "validation.types.object": NoParams
  "validation.types.string": NoParams
  "validation.types.value": NoParams
  "validation.uniqueItems": { first: Param; second: Param }
  "validation.unsafe.key": { problem: Param }
  "validation.unsafe.loneSurrogate": NoParams
  "validation.unsafe.nul": NoParams
}
