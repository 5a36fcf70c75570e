// The brand the portal belongs to. Names and links a person sees come from here so the
// shell, the e-mails and the documents never disagree.
export const BRAND = {
  name: 'Sunbite',
  programName: 'Sunbite Partners',
  supportEmail: 'partners@sunbite.example',
  // The company the partners invoice for their commissions (the "Bill to" of a payout's invoice).
  legalName: 'Sunbite Nutrition Inc.',
  address: ['2150 Rue de la Montagne, Suite 400', 'Montréal, QC H3G 1Z7', 'Canada'],
  social: {
    instagram: 'https://www.instagram.com/sunbite',
    facebook: 'https://www.facebook.com/sunbite',
    tiktok: 'https://www.tiktok.com/@sunbite',
    youtube: 'https://www.youtube.com/@sunbite',
  },
} as const;

export const DEFAULT_CURRENCY = 'USD';
