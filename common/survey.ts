// The first-sale survey's choices (docs/product/engagement.md#first-sale-survey), in the order the partner sees them.
export const SURVEY_CHOICES = ['so_fun', 'loved_it', 'enjoyable', 'claim_bottles', 'none'] as const;
export type SurveyChoice = (typeof SURVEY_CHOICES)[number];

export const CLAIM_STATUSES = ['open', 'shipped', 'declined'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
