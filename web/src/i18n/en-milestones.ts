/** English texts of a deal's milestones (the brand's deal card and page, the creator's link page). */
export const enMilestones = {
  'milestones.heading': 'Milestones',
  'milestones.summary': '{released} of {total} milestones released',
  'milestones.nextDue': 'Next due {date}',
  'milestones.item': 'Milestone {n} of {total}',
  'milestones.due': 'Due',
  'milestones.status.in_progress': 'In progress',
  'milestones.status.delivered': 'Delivered, in review',
  'milestones.status.changes_requested': 'Changes requested',
  'milestones.status.dispute': 'In dispute',
  'milestones.status.released': 'Released',
  'milestones.status.refunded': 'Refunded',
  'milestones.status.split': 'Split',
  'milestones.status.charged_back': 'Charged back',
  'milestones.step.1': 'Working on it',
  'milestones.step.2': 'Delivered',
  'milestones.step.3': 'Paid out',
  'milestones.steps.label': 'Step {step} of 3',
  'milestones.steps.aria': 'Progress of milestone {n}',
  'milestones.approve': 'Approve milestone',
  'milestones.dispute': 'Dispute milestone',
  'milestones.confirmRelease':
    "Approve “{title}” and release {amount} to {creator}? The payout to the creator's bank account starts now and usually arrives within 1-2 business days. This cannot be undone.",
  'milestones.confirmDispute':
    'Open a dispute about “{title}”? Its money ({amount}) stays in escrow until {time}; if it is not resolved by then, it is released to {creator}. The other milestones go on as they are.',
  'milestones.releasePending':
    'The payout has been asked for; the payment provider has not confirmed it yet.',
  'milestones.deliverText':
    'Done with this milestone? Deliver it so the brand can review it.',
  'milestones.deliver': 'Deliver milestone {n}',
  'milestones.redeliver': 'Deliver milestone {n} again',
  'milestones.refusal.milestone_not_in_state':
    'Milestone {milestone} is now “{status}”, so this step is no longer possible. The page shows what you can do now.',
  'milestones.refusal.revision_rounds_used':
    '{rounds, plural, one {The included revision round of this milestone has been used} other {All # included revision rounds of this milestone have been used}}: you can approve it or open a dispute.',
  'milestones.refusal.release_already_under_way':
    'Another payout of this deal is still under way. Please try again in a minute.',
  'milestones.refusal.milestone_not_found': 'This deal has no such milestone.',
};
