import { useCatalogPart } from '../../lib/use-catalog-part';

/** Whether the integrations' words (the engagement part of the catalog) are here yet. */
export const useEngagementWords = () => useCatalogPart('engagement', 'engagement.integrations.title');
