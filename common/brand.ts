// The brand the portal belongs to. Names and links a person sees come from here so the
// shell, the e-mails and the documents never disagree.
export const BRAND = {
  name: 'Sunbite',
  programName: 'Sunbite Partners',
  supportEmail: 'partners@sunbite.example',
  social: {
    instagram: 'https://www.instagram.com/sunbite',
    facebook: 'https://www.facebook.com/sunbite',
    tiktok: 'https://www.tiktok.com/@sunbite',
    youtube: 'https://www.youtube.com/@sunbite',
  },
} as const;

export const DEFAULT_CURRENCY = 'USD';
