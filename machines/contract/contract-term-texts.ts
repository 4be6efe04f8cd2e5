/**
 * The contract's terms as the printable contract (machines/documents/document-texts.ts) and the link
 * page (the web's core catalogues) word them: one text each, so the page the creator accepts on and
 * the contract they can print say the same. Two constants, so each bundle keeps only its language.
 */
export const contractTermsEn = {
  'contract.hash': 'Contract fingerprint (SHA-256)',
  'contract.revisionRounds': 'Revision rounds included',
  'contract.usageRights': 'Usage rights',
  'contract.usage.organic': 'Organic posts only',
  'contract.usage.paid_ads': 'Paid ads / whitelisting for {days} days',
  'contract.usage.perpetual': 'Perpetual',
  'contract.usage.unset': 'Not agreed',
  'contract.exclusivity': 'Exclusivity',
  'contract.exclusivity.none': 'None',
  'contract.exclusivity.category': '{days} days in the category “{category}”',
  'contract.brandTerms': 'The brand’s own terms',
  'contract.milestones': 'Milestones',
  'contract.milestone': 'Milestone {index}: {title}',
  'contract.milestoneValue':
    '{amount}, due {due}. Deliverables: {deliverables}',
};

export const contractTermsNl: Record<keyof typeof contractTermsEn, string> = {
  'contract.hash': 'Vingerafdruk van het contract (SHA-256)',
  'contract.revisionRounds': 'Inbegrepen revisierondes',
  'contract.usageRights': 'Gebruiksrechten',
  'contract.usage.organic': 'Alleen organische posts',
  'contract.usage.paid_ads':
    'Betaalde advertenties / whitelisting gedurende {days} dagen',
  'contract.usage.perpetual': 'Onbeperkt in de tijd',
  'contract.usage.unset': 'Niet afgesproken',
  'contract.exclusivity': 'Exclusiviteit',
  'contract.exclusivity.none': 'Geen',
  'contract.exclusivity.category': '{days} dagen in de categorie „{category}”',
  'contract.brandTerms': 'Eigen voorwaarden van het merk',
  'contract.milestones': 'Mijlpalen',
  'contract.milestone': 'Mijlpaal {index}: {title}',
  'contract.milestoneValue':
    '{amount}, uiterlijk {due}. Deliverables: {deliverables}',
};
