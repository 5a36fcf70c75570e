import type { ROUTES } from '../../common/routes';

type Entry = (typeof ROUTES)[number];
export type TitleKey = Entry['titleKey'];
export type LeadKey = Extract<Entry, { leadKey: string }>['leadKey'];

export interface PageKeys {
  titleKey: TitleKey;
  leadKey?: LeadKey;
}
