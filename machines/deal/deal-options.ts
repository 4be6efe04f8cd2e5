/**
 * The option lists of a deal's terms (docs/product.md, "Deals"): the platforms the schema accepts and
 * the deliverables the form offers (free text is accepted too). No zod here, so the web form takes
 * them from this one definition without pulling the schemas into its bundle.
 */
export const platforms = ['Instagram', 'TikTok', 'YouTube', 'X'] as const;

export const deliverableOptions = [
  '1 Instagram Story',
  '1 Instagram Post',
  '1 TikTok Video',
  'Link in bio (24h)',
  'Unboxing photo',
  'Product review',
  'Custom deliverable',
] as const;
