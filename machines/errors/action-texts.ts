/**
 * The steps a refusal names ("Cannot {action} while the deal is …"), as codes with their English and
 * Dutch words. Deciders and the command bus pass the code; the error catalogue writes the words in
 * the reader's language. Dutch reads as a subject: "Het geld verdelen kan niet: …".
 */
type Texts = { en: string; nl: string };

export const actionTexts = {
  accept_deal: { en: 'accept the deal', nl: 'de deal accepteren' },
  accept_request: { en: 'accept the request', nl: 'het verzoek accepteren' },
  add_note: { en: 'add a note', nl: 'een notitie toevoegen' },
  approve_work: { en: 'approve the work', nl: 'het werk goedkeuren' },
  complete_assignment: {
    en: 'mark the assignment as completed',
    nl: 'de opdracht als klaar melden',
  },
  complete_manually: {
    en: 'complete the deal manually',
    nl: 'de deal met de hand afronden',
  },
  complete_onboarding: {
    en: 'complete onboarding',
    nl: 'de kennismaking afronden',
  },
  complete_request: { en: 'complete the request', nl: 'het verzoek afronden' },
  connect_bank_account: {
    en: 'connect a bank account',
    nl: 'een bankrekening koppelen',
  },
  create_deal: { en: 'create the deal', nl: 'de deal aanmaken' },
  create_request: { en: 'create the request', nl: 'het verzoek aanmaken' },
  create_share_link: { en: 'create a share link', nl: 'een deellink maken' },
  deactivate_admin: {
    en: 'deactivate the admin account',
    nl: 'het beheerdersaccount uitschakelen',
  },
  decline_request: { en: 'decline the request', nl: 'het verzoek afwijzen' },
  deliver_milestone: { en: 'deliver the milestone', nl: 'de mijlpaal leveren' },
  delete_deal: { en: 'delete the deal', nl: 'de deal verwijderen' },
  edit_deal: { en: 'edit the deal', nl: 'de deal wijzigen' },
  end_dispute: { en: 'end the dispute', nl: 'het geschil beëindigen' },
  end_review: { en: 'end the review', nl: 'de beoordeling beëindigen' },
  issue_recovery_code: {
    en: 'issue a recovery code',
    nl: 'een herstelcode uitgeven',
  },
  open_dispute: { en: 'open a dispute', nl: 'een geschil openen' },
  post_dispute_message: {
    en: 'post a dispute message',
    nl: 'een bericht in het geschil plaatsen',
  },
  put_on_hold: { en: 'put the deal on hold', nl: 'de deal pauzeren' },
  record_payment: { en: 'record a payment', nl: 'een betaling vastleggen' },
  refund_deal: { en: 'refund the deal', nl: 'de deal terugbetalen' },
  refund_milestone: {
    en: 'refund the milestone',
    nl: 'de mijlpaal terugbetalen',
  },
  refund_payment: { en: 'refund the payment', nl: 'de betaling terugbetalen' },
  release_funds: { en: 'release the funds', nl: 'het geld vrijgeven' },
  release_milestone: {
    en: 'release the milestone',
    nl: 'de mijlpaal vrijgeven',
  },
  release_hold: { en: 'release the hold', nl: 'de pauze opheffen' },
  replace_share_link: {
    en: 'replace the share link',
    nl: 'de deellink vervangen',
  },
  request_changes: { en: 'request changes', nl: 'wijzigingen vragen' },
  resume_deal: { en: 'resume the deal', nl: 'de deal hervatten' },
  retry_split: { en: 'retry the split', nl: 'de verdeling opnieuw proberen' },
  sign_in: { en: 'sign in', nl: 'inloggen' },
  split_funds: { en: 'split the funds', nl: 'het geld verdelen' },
  split_milestone: { en: 'split the milestone', nl: 'de mijlpaal verdelen' },
  start_bank_setup: { en: 'start bank setup', nl: 'de bankkoppeling starten' },
  start_payment: { en: 'start a payment', nl: 'een betaling starten' },
  take_step: { en: 'take this step', nl: 'deze stap zetten' },
  use_recovery_code: {
    en: 'sign in with the recovery code',
    nl: 'inloggen met de herstelcode',
  },
} satisfies Record<string, Texts>;

export type ActionCode = keyof typeof actionTexts;

/** A step's words in `language`; a value that is no code is shown as it is. */
export const actionText = (value: string, language: 'en' | 'nl'): string =>
  value in actionTexts ? actionTexts[value as ActionCode][language] : value;
