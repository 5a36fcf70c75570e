// The <altcha-widget> element in JSX (types only: altcha's runtime loads lazily).
/// <reference types="altcha/types/react" />

// altcha's translation modules register themselves on import and export nothing we use.
declare module 'altcha/i18n/fr-fr';
