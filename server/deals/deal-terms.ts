import { breakdown } from '@machines/money';
import type { DealTerms } from '@machines/deal/deal.events';
import { DomainError } from '../commands/domain-error';
import type { DealTermsBody } from './deal.schemas';

/** The calendar day (UTC) a deadline names: "2026-04-01" and "2026-04-01T12:00:00+02:00" both give 2026-04-01. */
const dayOf = (deadline: string): string => deadline.slice(0, 10);

/** Deadlines name a day that has not passed (UTC), as payment requests' do; a brand may pick today. */
function assertDeadlinesAhead(body: DealTermsBody, now: Date): void {
  const today = now.toISOString().slice(0, 10);
  if (dayOf(body.deadline) < today) throw new DomainError('deadline_in_past');
  if (body.publicationDeadline !== null && dayOf(body.publicationDeadline) < today) {
    throw new DomainError('publication_deadline_in_past');
  }
}

/**
 * The terms a brand's create or edit form asks for, as the deal's commands take them: deadlines
 * that have not passed, and the amount with its fee and total (machines/money.ts).
 */
export function dealTermsFrom(body: DealTermsBody, now: Date): DealTerms {
  assertDeadlinesAhead(body, now);
  const money = breakdown(body.amount, 'deal');
  return {
    influencer: body.influencer,
    profileLink: body.profileLink,
    title: body.title,
    description: body.description,
    amountCents: money.amountCents,
    feeCents: money.feeCents,
    totalCents: money.totalCents,
    deadline: body.deadline,
    publicationDeadline: body.publicationDeadline,
    deliverables: body.deliverables,
    platforms: body.platforms,
    briefingFiles: body.briefingFiles,
  };
}
