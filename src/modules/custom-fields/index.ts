import { type Family, type Kernel, mount } from '../../family.js'
import { createCustomFieldDefinitions } from './definitions-cache.js'
import { customFieldsRoutes } from './routes.js'
import { createCustomFieldsService } from './service.js'

export { type CustomFieldDefinitions, createCustomFieldDefinitions } from './definitions-cache.js'
export { createDefinitionsRepository } from './repository.js'
export { CUSTOM_FIELD_KEY_PATTERN } from './schemas.js'
export { checkCustomFields, customFieldFilterOf, type FieldReferences } from './values.js'

/**
 * Custom field definitions (API contract: `/api/custom-field-definitions`) and the cached
 * definitions other families check their `customFields` against.
 */
export function customFieldsFamily(kernel: Kernel) {
  const customFields = createCustomFieldsService({ db: kernel.db, events: kernel.events })
  const customFieldDefinitions = createCustomFieldDefinitions({ db: kernel.db, bus: kernel.platform.bus })
  return {
    name: 'custom-fields',
    services: { customFields, customFieldDefinitions },
    adminRoutes: [
      mount(customFieldsRoutes, { prefix: '/api/custom-field-definitions', service: customFields }),
    ],
  } satisfies Family
}
