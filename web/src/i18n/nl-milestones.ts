import type { enMilestones } from './en-milestones';

/** Dutch texts of a deal's milestones (same keys as en-milestones.ts). */
export const nlMilestones: Record<keyof typeof enMilestones, string> = {
  'milestones.heading': 'Mijlpalen',
  'milestones.summary': '{released} van {total} mijlpalen vrijgegeven',
  'milestones.nextDue': 'Volgende deadline {date}',
  'milestones.item': 'Mijlpaal {n} van {total}',
  'milestones.due': 'Deadline',
  'milestones.status.in_progress': 'Bezig',
  'milestones.status.delivered': 'Geleverd, in beoordeling',
  'milestones.status.changes_requested': 'Wijzigingen gevraagd',
  'milestones.status.dispute': 'In geschil',
  'milestones.status.released': 'Vrijgegeven',
  'milestones.status.refunded': 'Terugbetaald',
  'milestones.status.split': 'Verdeeld',
  'milestones.status.charged_back': 'Teruggeboekt',
  'milestones.step.1': 'Mee bezig',
  'milestones.step.2': 'Geleverd',
  'milestones.step.3': 'Uitbetaald',
  'milestones.steps.label': 'Stap {step} van 3',
  'milestones.steps.aria': 'Voortgang van mijlpaal {n}',
  'milestones.approve': 'Mijlpaal goedkeuren',
  'milestones.dispute': 'Geschil over mijlpaal',
  'milestones.confirmRelease':
    '„{title}” goedkeuren en {amount} vrijgeven aan {creator}? De uitbetaling naar de bankrekening van de creator start nu en komt meestal binnen 1-2 werkdagen aan. Dit kan niet ongedaan worden gemaakt.',
  'milestones.confirmDispute':
    'Een geschil openen over „{title}”? Het geld ervan ({amount}) blijft in escrow tot {time}; is het dan niet opgelost, dan gaat het naar {creator}. De andere mijlpalen lopen gewoon door.',
  'milestones.releasePending':
    'De uitbetaling is aangevraagd; de betaalprovider heeft haar nog niet bevestigd.',
  'milestones.deliverText':
    'Klaar met deze mijlpaal? Lever hem zodat het merk hem kan beoordelen.',
  'milestones.deliver': 'Mijlpaal {n} leveren',
  'milestones.redeliver': 'Mijlpaal {n} opnieuw leveren',
  'milestones.refusal.milestone_not_in_state':
    'Mijlpaal {milestone} staat nu op „{status}”, dus deze stap kan niet meer. De pagina toont wat je nu kunt doen.',
  'milestones.refusal.revision_rounds_used':
    '{rounds, plural, one {De inbegrepen revisieronde van deze mijlpaal is gebruikt} other {Alle # inbegrepen revisierondes van deze mijlpaal zijn gebruikt}}: je kunt hem goedkeuren of een geschil openen.',
  'milestones.refusal.release_already_under_way':
    'Er loopt nog een andere uitbetaling van deze deal. Probeer het over een minuut opnieuw.',
  'milestones.refusal.milestone_not_found':
    'Deze deal heeft zo’n mijlpaal niet.',
};
